"""The generated TypeScript (tsc strict, Node.js, the real SDK v3) on the cases of
test_codegen_unlockable_held_python.py: an account holding a value its rule empties, or one too
long for any lock key, is changed, deleted and resolved with exactly the builder's requests (no
Delete or check of a lock that cannot exist). And a module whose rules are named like the
helpers' names ("new" beside the helper ``newValue``) compiles and runs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from dynoview.core.codegen import module_code
from dynoview.core.session.connection import Connection
from dynoview.core.tx import templates
from dynoview.core.uniqueness.pairing import classify
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema
from tests.helpers import empty_accounts_table
from tests.integration.test_codegen_run import items_of
from tests.integration.test_codegen_unlockable_held_python import LONG_EMAIL, SCHEMA, keys, same, seed
from tests.typescript_project import COMPILES, compile_project, run_driver

pytestmark = [pytest.mark.integration, COMPILES]

#: Rules named like helpers and locals of the generated module ("new" once became newValue).
NAMES = UniquenessSchema(rules=(
    LockRule("new", "nickname", "UNIQ#NICK#{value}", "LOCK"),
    LockRule("check", "handle", "UNIQ#HANDLE#{value}", "LOCK"),
    LockRule("value", "email", "UNIQ#EMAIL#{value}", "LOCK"),
    LockRule("strip", "phone", "UNIQ#PHONE#{value}", "LOCK"),
))

DRIVER = r"""
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import * as held from "./held.js";
import * as names from "./names.js";

const [scenario = "", argsJson = "{}"] = process.argv.slice(2);
const args = JSON.parse(argsJson) as { endpoint: string; table: string; long: string };
const options = { tableName: args.table };
const sent: unknown[] = [];

const c = new DynamoDBClient({
  endpoint: args.endpoint,
  region: "us-east-1",
  credentials: { accessKeyId: "testingfakekey", secretAccessKey: "testing-fake-secret" },
});
c.middlewareStack.add(
  (next) => async (call) => {
    const items = (call.input as { TransactItems?: unknown }).TransactItems;
    if (items !== undefined) {
      sent.push(JSON.parse(JSON.stringify(items)));
    }
    return next(call);
  },
  { step: "initialize", name: "recordItems" },
);

async function attempt(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
    return "ok";
  } catch (error: unknown) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
}

async function unlockable(): Promise<unknown> {
  const long = args.long;
  const results = [
    await attempt(() => held.changeUsername(c, { accountId: "a1", currentUsername: "   ",
      newUsername: "newname" }, options)),
    await attempt(() => held.changeEmail(c, { accountId: "a2", currentEmail: "\u200b",
      newEmail: "new@x.io" }, options)),
    await attempt(() => held.deleteAccount(c, { accountId: "a3", email: "cy@x.io",
      username: "   " }, options)),
    await attempt(() => held.changeEmail(c, { accountId: "a4", currentEmail: long,
      newEmail: "short@x.io" }, options)),
    await attempt(() => held.deleteAccount(c, { accountId: "a5", email: long, username: "eve" },
      options)),
    await attempt(() => held.resolveDuplicateEmail(c, { keepAccountId: "k", otherAccountId: "o",
      email: long, otherEmail: long.toUpperCase(), newEmail: "otto@x.io" }, options)),
  ];
  return { results, sent };
}

async function named(): Promise<unknown> {
  const results = [
    await attempt(() => names.signUp(c, { accountId: "n1", newValueValue: "Nick",
      checkValue: "h", valueValue: "v@x.io", stripValue: "1" }, options)),
    await attempt(() => names.changeNewValueValue(c, { accountId: "n1",
      currentNewValueValue: "Nick", newNewValueValue: "Nico" }, options)),
  ];
  return { results };
}

const scenarios: Record<string, () => Promise<unknown>> = { unlockable, named };
const run = scenarios[scenario];
if (run === undefined) {
  throw new Error(`unknown scenario ${scenario}`);
}
console.log(JSON.stringify(await run()));
"""


@pytest.fixture(scope="session")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The two generated modules and the driver, compiled as test_codegen_run compiles its own."""
    return compile_project(tmp_path_factory.mktemp("codegen-ts-unlockable"), {
        "held.ts": module_code(SCHEMA, "accounts", lang="typescript"),
        "names.ts": module_code(NAMES, "accounts", lang="typescript"),
        "driver.ts": DRIVER,
    })



@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    with empty_accounts_table(conn, "codegen-ts-unlockable") as name:
        yield name


def test_unlockable_held_values_send_the_builders_requests(project: Path, endpoint_url: str,
                                                           conn: Connection, table: str) -> None:
    a1 = seed(conn, table, "a1", email="ada@x.io", username="   ")
    a2 = seed(conn, table, "a2", email="\u200b", username="bob")
    a3 = seed(conn, table, "a3", email="cy@x.io", username="   ")
    a4 = seed(conn, table, "a4", email=LONG_EMAIL, username="dan")
    a5 = seed(conn, table, "a5", email=LONG_EMAIL, username="eve")
    keep = seed(conn, table, "k", email=LONG_EMAIL, username="kim")
    other = seed(conn, table, "o", email=LONG_EMAIL.upper(), username="otto")
    expected = [
        templates.change_value(SCHEMA, table, a1, "username", "newname"),
        templates.change_value(SCHEMA, table, a2, "email", "new@x.io"),
        templates.delete_account(SCHEMA, table, a3),
        templates.change_value(SCHEMA, table, a4, "email", "short@x.io"),
        templates.delete_account(SCHEMA, table, a5),
        templates.resolve_duplicate(SCHEMA, table, keep, other, "email", "otto@x.io"),
    ]
    answer = run_driver(project, "unlockable", endpoint=endpoint_url, table=table, long=LONG_EMAIL)
    assert answer["results"] == ["ok"] * 6, answer["results"]
    assert len(answer["sent"]) == 6
    for sent, tx in zip(answer["sent"], expected, strict=True):
        same(sent, tx)
    assert "ACCT#a3" not in keys(conn, table) and "ACCT#a5" not in keys(conn, table)
    # Left: the kept account's email, which no lock can ever protect (only a change fixes it).
    assert [(f.rule, f.account_ids) for f in classify(items_of(conn, table), SCHEMA).findings()] \
        == [("email", ("ACCT#k",))]


def test_rules_named_like_helpers_compile_and_run(project: Path, endpoint_url: str,
                                                  conn: Connection, table: str) -> None:
    answer = run_driver(project, "named", endpoint=endpoint_url, table=table)
    assert answer["results"] == ["ok", "ok"], answer["results"]
    assert {i["PK"]["S"] for i in items_of(conn, table)} == {
        "ACCT#n1", "UNIQ#NICK#Nico", "UNIQ#HANDLE#h", "UNIQ#EMAIL#v@x.io", "UNIQ#PHONE#1"}
