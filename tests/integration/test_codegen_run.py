"""The generated data access code, run for real: Python with boto3 and TypeScript compiled by
tsc (strict) and run on Node.js with the real ``@aws-sdk/client-dynamodb`` (tests/node_sdk.py),
against the test endpoints.

- 50 concurrent sign-ups on one email (threads in Python, ``Promise.all`` in TypeScript) give
  one account and 49 ValueTakenError naming the email, on DynamoDB Local (AWS's own engine).
- Change and delete leave the audit (``classify(...).findings()``) of the table empty, and
  the repairs (claim a missing lock, release an orphan) empty it.
- A TransactionConflict is retried under the same ClientRequestToken; an answer lost after the
  write is resent with that token, and DynamoDB Local applies it once.
- What the TypeScript sends is the builder's template request, and its normalisation equals
  ``forms.normalise`` for every mode over every assigned code point.
- ``dynoview codegen`` prints or writes the module, and never replaces a file it did not write.
- On DynamoDB Local a ``dynoview watch --fail-on <every kind>`` process runs beside every
  test that writes (fixture ``watched``, started before the first write, on the table's
  NEW_AND_OLD_IMAGES stream): it must read every record the test wrote and report no finding.
  Beside the repairs (Python and TypeScript) it is seeded with an audit of the broken table
  and reports only the two findings resolved. Not on moto: its cancelled transactions strand stream readers
  (``WATCHES_BESIDE``). The same watch beside a broken writer: test_codegen_watched.py.

TypeScript 5 and Node.js's type definitions are fetched once with npm into the cache folder
beside the SDK's (pinned versions, install scripts off), like the SDK itself.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import threading
import uuid
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from botocore.config import Config
from botocore.exceptions import ClientError

from dynoview.cli import main as cli_main
from dynoview.core.codegen import module_code
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx import templates
from dynoview.core.tx.template_inputs import account_key, sign_up_account
from dynoview.core.uniqueness.forms import NORMALISATIONS, normalise
from dynoview.core.uniqueness.pairing import classify
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema, article_schema
from dynoview.demo.backend import EMAIL_INDEX
from tests.helpers import connect, empty_accounts_table
from tests.integration.test_cli_watch import Watch, found_nothing, stream_records, watch_beside
from tests.typescript_project import COMPILES, compile_project, run_driver
from tests.unit.core.test_codegen_python import collisions, normalisation_corpus

pytestmark = pytest.mark.integration

SCHEMA = article_schema()
EVERY_MODE = UniquenessSchema(rules=tuple(
    LockRule(f"r{i}", f"attr{i}", f"UNIQ#R{i}#{{value}}", "LOCK", mode)
    for i, mode in enumerate(NORMALISATIONS)))
SIGNUPS = 50
ON_LOCAL = pytest.mark.only_on("dynamodb-local", reason="AWS's own engine decides concurrent "
                               "transactions and keeps ClientRequestTokens; moto does neither")



DRIVER = r"""
import { DynamoDBClient, TransactionCanceledException } from "@aws-sdk/client-dynamodb";
import { readFileSync } from "node:fs";
import * as article from "./article.js";
import * as modes from "./modes.js";

const [scenario = "", argsJson = "{}"] = process.argv.slice(2);
const args = JSON.parse(argsJson) as {
  endpoint: string; table: string; file: string; email: string; lock: string;
};

function client(): DynamoDBClient {
  return new DynamoDBClient({
    endpoint: args.endpoint,
    region: "us-east-1",
    credentials: { accessKeyId: "testingfakekey", secretAccessKey: "testing-fake-secret" },
  });
}

function outcome(error: unknown): Record<string, unknown> {
  if (error instanceof article.ValueTakenError) {
    return { error: error.name, field: error.field, value: error.value, taken: error.taken };
  }
  if (error instanceof article.UniquenessError || error instanceof modes.UniquenessError) {
    return { error: error.name, message: error.message };
  }
  return { error: "unexpected", message: String(error) };
}

async function attempt(call: () => Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    return { ok: (await call()) ?? null };
  } catch (error: unknown) {
    return outcome(error);
  }
}

const options = { tableName: args.table };

async function signups(): Promise<unknown> {
  const shared = client();
  return Promise.all(
    Array.from({ length: 50 }, (_unused, i) =>
      attempt(() => article.signUp(shared, { email: args.email, username: `user-${i}` }, options)),
    ),
  );
}

async function lifecycle(): Promise<unknown> {
  const c = client();
  const change = (newEmail: string) => () =>
    article.changeEmail(c, { accountId: "ts1", currentEmail: "ts@x.io", newEmail }, options);
  return [
    await attempt(() => article.signUp(c, { accountId: "ts1", email: "ts@x.io", username: "ts" }, options)),
    await attempt(() =>
      article.signUp(c, { accountId: "ts2", email: "other@x.io", username: "tso" }, options)),
    await attempt(change("other@x.io")),
    await attempt(change("ts2@x.io")),
    await attempt(change("ts3@x.io")),
    await attempt(() =>
      article.deleteAccount(c, { accountId: "ts2", email: "other@x.io", username: "tso" }, options)),
  ];
}

async function retry(lose: boolean): Promise<unknown> {
  const c = client();
  const tokens: string[] = [];
  let injected = 0;
  c.middlewareStack.add(
    (next) => async (call) => {
      tokens.push(String((call.input as { ClientRequestToken?: string }).ClientRequestToken));
      if (injected > 0) {
        return next(call);
      }
      injected += 1;
      if (lose) {
        await next(call); // written, and the answer never arrives
        throw Object.assign(new Error("the answer was lost"), { name: "TransactionInProgressException" });
      }
      throw new TransactionCanceledException({
        message: "Transaction cancelled",
        $metadata: {},
        CancellationReasons: [{ Code: "None" }, { Code: "TransactionConflict" }, { Code: "None" }],
      });
    },
    { step: "initialize", name: "injectFault" },
  );
  const result = await attempt(() => article.signUp(c, { email: args.email, username: args.email }, options));
  return { result, tokens };
}

// Run on a table where account ts1 (ts@x.io, ts) lacks its handle lock and stale@x.io's lock
// is an orphan: fix both, then change the username.
async function repairs(): Promise<unknown> {
  const c = client();
  return [
    await attempt(() => article.claimUsernameLock(c, { accountId: "ts1", username: "ts" }, options)),
    await attempt(() =>
      article.releaseEmailLock(c, { email: "ts@x.io", formerOwnerId: "ts1" }, options)),
    await attempt(() =>
      article.releaseEmailLock(c, { email: "stale@x.io", formerOwnerId: "ts1" }, options)),
    await attempt(() => article.releaseEmailLock(c, { email: "stale@x.io" }, options)),
    await attempt(() =>
      article.changeUsername(c, { accountId: "ts1", currentUsername: "ts", newUsername: "ts-2" }, options)),
  ];
}

// A developer's broken sign-up: the generated call, with the Put of the lock whose partition
// key is args.lock taken out of its request (as data) before the SDK sends it.
async function broken(): Promise<unknown> {
  const c = client();
  const dropped: unknown[] = [];
  c.middlewareStack.add(
    (next) => async (call) => {
      type Entry = { Put?: { Item?: Record<string, { S?: string }> } };
      const input = call.input as { TransactItems?: Entry[] };
      const kept = (input.TransactItems ?? []).filter((entry) => {
        const drop = entry.Put?.Item?.["PK"]?.S === args.lock;
        if (drop) {
          dropped.push(entry);
        }
        return !drop;
      });
      return next({ ...call, input: { ...input, TransactItems: kept } });
    },
    { step: "initialize", name: "dropLock" },
  );
  const correct = await attempt(() =>
    article.signUp(client(), { accountId: "ts1", email: "ts@x.io", username: "ts" }, options));
  const result = await attempt(() =>
    article.signUp(c, { accountId: "ts2", email: args.email, username: "tsb" }, options));
  return { correct, result, dropped };
}

async function requests(): Promise<unknown> {
  const c = client();
  const sent: unknown[] = [];
  c.middlewareStack.add(
    () => async (call) => {
      sent.push(call.input);
      return { output: { $metadata: {} }, response: {} };
    },
    { step: "initialize", name: "record" },
  );
  await article.signUp(c, { accountId: "a1", email: "ada@x.io", username: "ada" });
  await article.changeEmail(c, { accountId: "a1", currentEmail: "ada@x.io", newEmail: "ada@y.io" });
  await article.changeUsername(c, { accountId: "a1", currentUsername: null, newUsername: "ada2" });
  await article.deleteAccount(c, { accountId: "a1", email: "ada@x.io", username: "ada" });
  await article.claimEmailLock(c, { accountId: "a1", email: "ada@x.io" });
  await article.releaseEmailLock(c, { email: "old@x.io", formerOwnerId: "b2" });
  await article.resolveDuplicateEmail(c, {
    keepAccountId: "a1", otherAccountId: "b2", email: "ada@x.io", otherEmail: "ada@x.io" });
  const folded = { accountId: "m1", r1: "ÀDA", r2: "  Ada\u00a0", r3: "\ufb01\u200bAda " };
  await modes.signUp(c, { ...folded, r0: " Ada " }).catch((error: unknown) => sent.push(outcome(error)));
  await modes.signUp(c, { ...folded, r0: "Ada" });
  return sent;
}

function normalised(): unknown {
  const texts = JSON.parse(readFileSync(args.file, "utf-8")) as string[];
  return {
    none: texts.map(modes.normaliseR0),
    lowercase: texts.map(modes.normaliseR1),
    "trim+lowercase": texts.map(modes.normaliseR2),
    "nfkc+casefold": texts.map(modes.normaliseR3),
  };
}

const scenarios: Record<string, () => unknown> = {
  signups,
  lifecycle,
  retry: () => retry(false),
  lost: () => retry(true),
  repairs,
  broken,
  requests,
  normalised,
};
const run = scenarios[scenario];
if (run === undefined) {
  throw new Error(`unknown scenario ${scenario}`);
}
console.log(JSON.stringify(await run()));
"""


def compiled_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The generated modules and the driver, type-checked by tsc (strict, every extra check)
    and compiled to ES modules next to the SDK: once per session, for every module using it."""
    compiled = tmp_path_factory.getbasetemp() / "codegen-ts-compiled"
    if compiled.is_dir():
        return compiled
    folder = compile_project(tmp_path_factory.mktemp("codegen-ts"), {
        "article.ts": module_code(SCHEMA, "accounts", lang="typescript"),
        "modes.ts": module_code(EVERY_MODE, "modes", lang="typescript"),
        "collisions.ts": module_code(collisions(), "collisions", lang="typescript"),
        "driver.ts": DRIVER,
    })
    return folder.rename(compiled)


@pytest.fixture(scope="session")
def node_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compiled_project(tmp_path_factory)



# ---------------------------------------------------------------------------------- tables


@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    with empty_accounts_table(conn, "codegen") as name:
        yield name


def items_of(conn: Connection, table: str) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    request: dict[str, Any] = {"TableName": table, "ConsistentRead": True}
    while True:
        page = conn.client.scan(**request)
        items += page["Items"]
        if "LastEvaluatedKey" not in page:
            return items
        request["ExclusiveStartKey"] = page["LastEvaluatedKey"]


#: moto 5 undoes a cancelled TransactWriteItems by putting back a copy of the table, so a
#: stream reader already holding an iterator reads the cancelled writes and nothing after.
WATCHES_BESIDE = "dynamodb-local"
#: The watch beside a generated program ends once the table was quiet this long: the program's
#: first write comes after its interpreter and boto3 start (over 5 s once on a loaded machine).
RUN_IDLE_S = 20


@pytest.fixture
def watched(engine: str, endpoint_url: str, conn: Connection, table: str) -> Iterator[Watch | None]:
    """On DynamoDB Local, ``dynoview watch --fail-on <every kind>`` beside the test, started
    before its first write; afterwards it must have read every record the test wrote and
    found nothing. (None on moto: ``WATCHES_BESIDE``.)"""
    if engine != WATCHES_BESIDE:
        yield None
        return
    watch = watch_beside(endpoint_url, table, idle=RUN_IDLE_S)
    yield watch
    found_nothing(watch, conn, table, idle=RUN_IDLE_S)


@contextmanager
def watched_repairs(engine: str, endpoint_url: str, conn: Connection, table: str) -> Iterator[None]:
    """On DynamoDB Local, the watch beside repairs of a table holding one missing and one
    orphan lock: started from an audit (the two findings are there at start), it must report
    both resolved and nothing new."""
    if engine != WATCHES_BESIDE:
        yield
        return
    before = stream_records(conn, table)
    watch = watch_beside(endpoint_url, table, "--seed", "audit", idle=RUN_IDLE_S)
    assert watch.objects()[0]["findings_at_start"] == {"MISSING_LOCK": 1, "ORPHAN_LOCK": 1}
    yield
    found_nothing(watch, conn, table, records_before=before,
                  resolved={"MISSING_LOCK": 1, "ORPHAN_LOCK": 1}, idle=RUN_IDLE_S)


def audit_findings(conn: Connection, table: str) -> list[Any]:
    return classify(items_of(conn, table), SCHEMA).findings()


def accounts_holding(conn: Connection, table: str, email: str) -> list[dict[str, Any]]:
    return [i for i in items_of(conn, table) if SCHEMA.is_account(i) and i.get("email") == {"S": email}]


def load(code: str, folder: Path) -> ModuleType:
    folder.mkdir(parents=True, exist_ok=True)
    name = f"generated_{uuid.uuid4().hex[:8]}"
    (folder / f"{name}.py").write_text(code, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(name, folder / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def generated(tmp_path: Path) -> ModuleType:
    return load(module_code(SCHEMA, "accounts", lang="python"), tmp_path / "gen")


# ---------------------------------------------------------------------------------- Python


@ON_LOCAL
@pytest.mark.usefixtures("watched")
def test_python_concurrent_signups_give_one_account(generated: ModuleType, endpoint_url: str,
                                                    conn: Connection, table: str) -> None:
    client = connect(endpoint_url, config=Config(max_pool_connections=SIGNUPS)).client
    start = threading.Barrier(SIGNUPS)
    outcomes: list[Any] = [None] * SIGNUPS

    def sign_up(i: int) -> None:
        start.wait()
        try:
            outcomes[i] = generated.sign_up(client, email="ada@x.io", username=f"user-{i}",
                                            table_name=table)
        except generated.UniquenessError as exc:
            outcomes[i] = exc

    threads = [threading.Thread(target=sign_up, args=(i,)) for i in range(SIGNUPS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    taken = [o for o in outcomes if isinstance(o, generated.ValueTakenError)]
    winners = [o for o in outcomes if isinstance(o, str)]
    assert len(winners) == 1 and len(taken) == SIGNUPS - 1, Counter(type(o).__name__ for o in outcomes)
    assert all(e.field == "email" and e.value == "ada@x.io" and e.taken == {"email": "ada@x.io"}
               for e in taken)
    assert [a["PK"]["S"] for a in accounts_holding(conn, table, "ada@x.io")] == [f"ACCT#{winners[0]}"]
    assert audit_findings(conn, table) == []


@pytest.mark.usefixtures("watched")
def test_python_change_and_delete_keep_the_audit_clean(generated: ModuleType, conn: Connection,
                                                       table: str) -> None:
    client = conn.client
    generated.sign_up(client, account_id="a1", email="ada@x.io", username="ada", table_name=table,
                      attributes={"plan": {"S": "pro"}})
    generated.sign_up(client, account_id="b2", email="bob@x.io", username="bob", table_name=table)
    with pytest.raises(generated.ValueTakenError) as taken:
        generated.change_email(client, account_id="a1", current_email="ada@x.io",
                               new_email="bob@x.io", table_name=table)
    assert (taken.value.field, taken.value.value) == ("email", "bob@x.io")
    generated.change_email(client, account_id="a1", current_email="ada@x.io",
                           new_email="ada@lovelace.io", table_name=table)
    generated.change_username(client, account_id="a1", current_username="ada",
                              new_username="countess", table_name=table)
    assert audit_findings(conn, table) == []
    # A stale current value: the account's guard fails, nothing moves.
    with pytest.raises(generated.AccountChangedError) as stale:
        generated.change_email(client, account_id="a1", current_email="ada@x.io",
                               new_email="ada@new.io", table_name=table)
    assert (stale.value.account_id, stale.value.field) == ("a1", "email")
    account = conn.client.get_item(TableName=table, Key=account_key(SCHEMA, "a1"),
                                   ConsistentRead=True)["Item"]
    assert account["email"] == {"S": "ada@lovelace.io"} and account["plan"] == {"S": "pro"}
    generated.delete_account(client, account_id="b2", email="bob@x.io", username="bob",
                             table_name=table)
    assert audit_findings(conn, table) == []
    assert {i["PK"]["S"] for i in items_of(conn, table)} == {
        "ACCT#a1", "UNIQ#EMAIL#ada@lovelace.io", "UNIQ#HANDLE#countess"}
    # The freed email can be taken again.
    generated.sign_up(client, account_id="c3", email="bob@x.io", username="bob", table_name=table)
    assert audit_findings(conn, table) == []


def test_python_repairs_fix_what_the_audit_finds(generated: ModuleType, engine: str, endpoint_url: str,
                                                 conn: Connection, table: str) -> None:
    client = conn.client
    generated.sign_up(client, account_id="a1", email="ada@x.io", username="ada", table_name=table)
    conn.client.delete_item(TableName=table, Key=SCHEMA.lock_key(SCHEMA.rules[1], "ada"))
    conn.client.put_item(TableName=table, Item=SCHEMA.lock_key(SCHEMA.rules[0], "stale@x.io"))
    assert sorted(f.status for f in audit_findings(conn, table)) == ["MISSING_LOCK", "ORPHAN_LOCK"]
    with watched_repairs(engine, endpoint_url, conn, table):
        generated.claim_username_lock(client, account_id="a1", username="ada", table_name=table)
        with pytest.raises(generated.StillHeldError):
            generated.release_email_lock(client, email="ada@x.io", former_owner_id="a1",
                                         table_name=table)
        generated.release_email_lock(client, email="stale@x.io", former_owner_id="a1",
                                     table_name=table)
        assert audit_findings(conn, table) == []
        with pytest.raises(generated.LockMissingError) as missing:
            generated.release_email_lock(client, email="stale@x.io", table_name=table)
        assert missing.value.field == "email"


class Faulty:
    """The real client, with a fault before (a conflict) or after (a lost answer) the first call."""

    def __init__(self, client: Any, fault: str) -> None:
        self.client = client
        self.fault = fault
        self.tokens: list[str] = []

    def transact_write_items(self, **kwargs: Any) -> Any:
        self.tokens.append(kwargs["ClientRequestToken"])
        if len(self.tokens) > 1:
            return self.client.transact_write_items(**kwargs)
        if self.fault == "lost":
            self.client.transact_write_items(**kwargs)  # written; the answer never arrives
            raise ClientError({"Error": {"Code": "TransactionInProgressException", "Message": ""}},
                              "TransactWriteItems")
        raise ClientError({"Error": {"Code": "TransactionCanceledException", "Message": ""},
                           "CancellationReasons": [{"Code": "None"}, {"Code": "TransactionConflict"},
                                                   {"Code": "None"}]}, "TransactWriteItems")


@pytest.mark.usefixtures("watched")
def test_python_retries_a_conflict_under_the_same_token(generated: ModuleType, conn: Connection,
                                                        table: str) -> None:
    client = Faulty(conn.client, "conflict")
    account_id = generated.sign_up(client, email="ada@x.io", username="ada", table_name=table)
    assert len(client.tokens) == 2 and client.tokens[0] == client.tokens[1]
    assert [a["PK"]["S"] for a in accounts_holding(conn, table, "ada@x.io")] == [f"ACCT#{account_id}"]
    assert audit_findings(conn, table) == []


@ON_LOCAL
@pytest.mark.usefixtures("watched")
def test_python_resends_a_lost_answer_and_writes_once(generated: ModuleType, conn: Connection,
                                                      table: str) -> None:
    """With a new token the resend would meet its own locks and report the email taken."""
    client = Faulty(conn.client, "lost")
    account_id = generated.sign_up(client, email="ada@x.io", username="ada", table_name=table)
    assert len(client.tokens) == 2 and client.tokens[0] == client.tokens[1]
    assert [a["PK"]["S"] for a in accounts_holding(conn, table, "ada@x.io")] == [f"ACCT#{account_id}"]
    assert audit_findings(conn, table) == []


# ---------------------------------------------------------------------------------- TypeScript


@ON_LOCAL
@COMPILES
@pytest.mark.usefixtures("watched")
def test_typescript_concurrent_signups_give_one_account(node_project: Path, endpoint_url: str,
                                                        conn: Connection, table: str) -> None:
    outcomes = run_driver(node_project, "signups", endpoint=endpoint_url, table=table, email="ada@x.io")
    winners = [o["ok"] for o in outcomes if "ok" in o]
    taken = [o for o in outcomes if o.get("error") == "ValueTakenError"]
    assert len(winners) == 1 and len(taken) == SIGNUPS - 1, outcomes
    assert all(o["field"] == "email" and o["value"] == "ada@x.io" and o["taken"] == {"email": "ada@x.io"}
               for o in taken)
    assert [a["PK"]["S"] for a in accounts_holding(conn, table, "ada@x.io")] == [f"ACCT#{winners[0]}"]
    assert audit_findings(conn, table) == []


@COMPILES
@pytest.mark.usefixtures("watched")
def test_typescript_change_and_delete_keep_the_audit_clean(node_project: Path, endpoint_url: str,
                                                           conn: Connection, table: str) -> None:
    steps = run_driver(node_project, "lifecycle", endpoint=endpoint_url, table=table)
    assert steps[0] == {"ok": "ts1"} and steps[1] == {"ok": "ts2"}
    assert steps[2]["error"] == "ValueTakenError" and steps[2]["field"] == "email"
    assert steps[3] == {"ok": None}
    assert steps[4]["error"] == "AccountChangedError"  # ts@x.io is no longer its email
    assert steps[5] == {"ok": None}
    assert audit_findings(conn, table) == []
    assert {i["PK"]["S"] for i in items_of(conn, table)} == {
        "ACCT#ts1", "UNIQ#EMAIL#ts2@x.io", "UNIQ#HANDLE#ts"}


@COMPILES
@pytest.mark.usefixtures("watched")
def test_typescript_retries_a_conflict_under_the_same_token(node_project: Path, endpoint_url: str,
                                                            conn: Connection, table: str) -> None:
    answer = run_driver(node_project, "retry", endpoint=endpoint_url, table=table, email="ada@x.io")
    assert "ok" in answer["result"], answer
    assert len(answer["tokens"]) == 2 and answer["tokens"][0] == answer["tokens"][1]
    assert len(accounts_holding(conn, table, "ada@x.io")) == 1
    assert audit_findings(conn, table) == []


@ON_LOCAL
@COMPILES
@pytest.mark.usefixtures("watched")
def test_typescript_resends_a_lost_answer_and_writes_once(node_project: Path, endpoint_url: str,
                                                          conn: Connection, table: str) -> None:
    answer = run_driver(node_project, "lost", endpoint=endpoint_url, table=table, email="ada@x.io")
    assert "ok" in answer["result"], answer
    assert len(answer["tokens"]) == 2 and answer["tokens"][0] == answer["tokens"][1]
    assert [a["PK"]["S"] for a in accounts_holding(conn, table, "ada@x.io")] == [
        f"ACCT#{answer['result']['ok']}"]
    assert audit_findings(conn, table) == []


@COMPILES
def test_typescript_repairs_fix_what_the_audit_finds(node_project: Path, engine: str, endpoint_url: str,
                                                     conn: Connection, table: str) -> None:
    account = {**account_key(SCHEMA, "ts1"), "email": {"S": "ts@x.io"}, "username": {"S": "ts"}}
    for item in (account, SCHEMA.lock_key(SCHEMA.rules[0], "ts@x.io"),
                 SCHEMA.lock_key(SCHEMA.rules[0], "stale@x.io")):
        conn.client.put_item(TableName=table, Item=item)
    assert sorted(f.status for f in audit_findings(conn, table)) == ["MISSING_LOCK", "ORPHAN_LOCK"]
    with watched_repairs(engine, endpoint_url, conn, table):
        steps = run_driver(node_project, "repairs", endpoint=endpoint_url, table=table)
    assert steps[0] == {"ok": None} and steps[2] == {"ok": None} and steps[4] == {"ok": None}, steps
    assert (steps[1]["error"], steps[3]["error"]) == ("StillHeldError", "LockMissingError"), steps
    assert audit_findings(conn, table) == []
    assert {i["PK"]["S"] for i in items_of(conn, table)} == {
        "ACCT#ts1", "UNIQ#EMAIL#ts@x.io", "UNIQ#HANDLE#ts-2"}


@COMPILES
def test_typescript_sends_the_template_transactions(node_project: Path) -> None:
    sent = run_driver(node_project, "requests", endpoint="http://127.0.0.1:9")
    # The release reads its former owner first (strongly consistent; absent here).
    reads = [s for s in sent if "ConsistentRead" in s]
    assert reads == [{"TableName": "accounts", "Key": account_key(SCHEMA, "b2"), "ConsistentRead": True}]
    sent = [s for s in sent if "ConsistentRead" not in s]
    account = {**account_key(SCHEMA, "a1"), "email": {"S": "ada@x.io"}, "username": {"S": "ada"}}
    want = [
        templates.sign_up(SCHEMA, "accounts", sign_up_account(SCHEMA, "a1", {"email": "ada@x.io",
                                                                              "username": "ada"})),
        templates.change_value(SCHEMA, "accounts", account, "email", "ada@y.io"),
        templates.change_value(SCHEMA, "accounts", account_key(SCHEMA, "a1"), "username", "ada2"),
        templates.delete_account(SCHEMA, "accounts", account),
        templates.claim_missing_lock(SCHEMA, "accounts", account, "email"),
        templates.release_orphan_lock(SCHEMA, "accounts", SCHEMA.stored_lock_key(SCHEMA.rules[0], "old@x.io"),
                                      templates.OwnerRead(account_key(SCHEMA, "b2"), None)),
        templates.resolve_duplicate(SCHEMA, "accounts", account,
                                    {**account_key(SCHEMA, "b2"), "email": {"S": "ada@x.io"}}, "email"),
    ]
    assert [s["TransactItems"] for s in sent[:7]] == [t.to_request()["TransactItems"] for t in want]
    assert all(str(uuid.UUID(s["ClientRequestToken"])) == s["ClientRequestToken"] for s in sent[:7])
    # The every-mode schema: spaces around a value of a non-trimming rule are refused; then each
    # lock key holds its rule's normalisation of the value, the account the value as given.
    assert sent[7]["error"] == "InvalidValueError" and "r0" in sent[7]["message"]
    values = {"r0": "Ada", "r1": "ÀDA", "r2": "  Ada\u00a0", "r3": "\ufb01\u200bAda "}
    item = sign_up_account(EVERY_MODE, "m1", values)
    want_modes = templates.sign_up(EVERY_MODE, "modes", item).to_request()["TransactItems"]
    assert sent[8]["TransactItems"] == want_modes


@COMPILES
def test_typescript_normalisation_equals_forms_normalise(node_project: Path, tmp_path: Path) -> None:
    texts = normalisation_corpus()
    corpus = tmp_path / "corpus.json"
    corpus.write_text(json.dumps(texts), encoding="utf-8")
    results = run_driver(node_project, "normalised", file=str(corpus))
    for mode in NORMALISATIONS:
        differ = [(t, r) for t, r in zip(texts, results[mode], strict=True) if r != normalise(t, mode)]
        assert not differ, (mode, len(differ), differ[:5])


# ---------------------------------------------------------------------------------- the command


@pytest.mark.usefixtures("watched")
def test_codegen_writes_a_module_that_runs(endpoint_url: str, conn: Connection, table: str,
                                           tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "src"
    assert cli_main(["codegen", "--endpoint-url", endpoint_url, "--table", table, "--lang", "python",
                     "--out", str(out)]) == 0
    written = out / f"{table.replace('-', '_')}_uniqueness.py"
    # The schema read from the table names the GSI on email: its key size is checked too.
    detected = dataclasses.replace(SCHEMA, rules=(
        dataclasses.replace(SCHEMA.rules[0], index_name=EMAIL_INDEX), *SCHEMA.rules[1:]))
    assert written.read_text(encoding="utf-8") == module_code(detected, table, lang="python")
    assert f"wrote {written}" in capsys.readouterr().err
    module = load(written.read_text(encoding="utf-8"), tmp_path / "load")
    module.sign_up(conn.client, email="ada@x.io", username="ada")  # the table is the default
    assert len(accounts_holding(conn, table, "ada@x.io")) == 1 and audit_findings(conn, table) == []
    # Run again: its own file is replaced; a file it did not write never is.
    assert cli_main(["codegen", "--endpoint-url", endpoint_url, "--table", table, "--lang", "python",
                     "--out", str(out)]) == 0
    written.write_text("my own code\n", encoding="utf-8")
    capsys.readouterr()
    assert cli_main(["codegen", "--endpoint-url", endpoint_url, "--table", table, "--lang", "python",
                     "--out", str(out)]) == 2
    assert "was not generated by DynoView" in capsys.readouterr().err
    assert written.read_text(encoding="utf-8") == "my own code\n"


def test_codegen_prints_typescript_for_a_schema_file(endpoint_url: str, conn: Connection, table: str,
                                                      tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    schema_file = tmp_path / "schema.json"
    folded = UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK",
                                              "nfkc+casefold"),))
    schema_file.write_text(json.dumps(folded.to_json()), encoding="utf-8")
    assert cli_main(["codegen", "--endpoint-url", endpoint_url, "--table", table, "--lang",
                     "typescript", "--schema", str(schema_file)]) == 0
    printed = capsys.readouterr()
    # The table's description too: its GSI on email makes the email an index key to check.
    assert printed.out == module_code(folded, table, lang="typescript", info=describe_table(conn, table))
    assert '["email-index", "email", 2048]' in printed.out
    assert f"schema: schema file {schema_file}" in printed.err


def test_codegen_refuses_a_table_that_cannot_hold_the_locks(endpoint_url: str, conn: Connection,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    name = f"codegen-numeric-{uuid.uuid4().hex[:6]}"
    conn.client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                             AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "N"}],
                             KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}])
    try:
        code = cli_main(["codegen", "--endpoint-url", endpoint_url, "--table", name, "--lang", "python"])
        printed = capsys.readouterr()
        assert code == 2 and printed.out == ""
        assert "cannot hold" in printed.err or "sort key" in printed.err
    finally:
        conn.client.delete_table(TableName=name)
