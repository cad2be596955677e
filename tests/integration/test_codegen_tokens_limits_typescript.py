"""The generated TypeScript (tsc strict, Node.js, the real SDK v3) on the same three gaps as
test_codegen_tokens_limits_python.py: the caller's ``clientRequestToken``, DynamoDB's key size
limits checked before sending, and a new spelling that keeps the lock."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from dynoview.core.codegen import module_code
from dynoview.core.session.connection import Connection
from tests.helpers import empty_accounts_table
from tests.integration.test_codegen_run import ON_LOCAL, items_of
from tests.integration.test_codegen_tokens_limits_python import LOWER, SORTED, findings
from tests.typescript_project import COMPILES, compile_project, run_driver

pytestmark = [pytest.mark.integration, COMPILES]

DRIVER = r"""
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import * as lower from "./lower.js";
import * as sorted from "./sorted.js";

const [scenario = "", argsJson = "{}"] = process.argv.slice(2);
const args = JSON.parse(argsJson) as { endpoint: string; table: string; token: string };
const options = { tableName: args.table };
const sent: Array<string | undefined> = [];

function client(): DynamoDBClient {
  const c = new DynamoDBClient({
    endpoint: args.endpoint,
    region: "us-east-1",
    credentials: { accessKeyId: "testingfakekey", secretAccessKey: "testing-fake-secret" },
  });
  c.middlewareStack.add(
    (next) => async (call) => {
      sent.push((call.input as { ClientRequestToken?: string }).ClientRequestToken);
      return next(call);
    },
    { step: "initialize", name: "recordToken" },
  );
  return c;
}

async function attempt(call: () => Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    return { ok: (await call()) ?? null };
  } catch (error: unknown) {
    if (error instanceof lower.KeyTooLongError || error instanceof sorted.KeyTooLongError) {
      return { error: error.name, field: error.field, message: error.message };
    }
    if (error instanceof lower.UniquenessError) {
      return { error: error.name, message: error.message };
    }
    return { error: (error as Error).name ?? "unexpected", message: String(error) };
  }
}

async function tokens(): Promise<unknown> {
  const c = client();
  const signUp = () => lower.signUp(c, { accountId: "a1", email: "ada@x.io", username: "ada" },
    { ...options, clientRequestToken: args.token });
  const change = { accountId: "a1", currentEmail: "ada@x.io", newEmail: "ada@y.io" };
  const moved = `${args.token}-m`;
  return {
    steps: [
      await attempt(signUp),
      await attempt(signUp),
      await attempt(() => lower.changeEmail(c, change, { ...options, clientRequestToken: moved })),
      await attempt(() => lower.changeEmail(c, change, { ...options, clientRequestToken: moved })),
      await attempt(() => lower.changeEmail(c, change, options)),
    ],
    sent,
  };
}

async function limits(): Promise<unknown> {
  const c = client();
  const prefix = "UNIQ#EMAIL#".length;
  const steps = [
    await attempt(() => lower.signUp(c, { email: "a".repeat(2049 - prefix), username: "ada" }, options)),
    await attempt(() => lower.signUp(c, { email: "é".repeat(1019), username: "ada" }, options)),
    await attempt(() =>
      lower.signUp(c, { accountId: "x".repeat(2044), email: "a@x.io", username: "ada" }, options)),
    await attempt(() => lower.releaseEmailLock(c, { email: "a".repeat(2048) }, options)),
    await attempt(() =>
      lower.releaseEmailLock(c, { email: "a@x.io", formerOwnerId: "x".repeat(2044) }, options)),
    await attempt(() =>
      sorted.signUp(c, { accountId: "s1", email: "b".repeat(1025 - "DRM.EMAIL#".length) }, options)),
  ];
  const before = sent.length;
  steps.push(await attempt(() =>
    lower.signUp(c, { accountId: "a1", email: "a".repeat(2048 - prefix), username: "ada" }, options)));
  return { steps, sentBefore: before };
}

async function respell(): Promise<unknown> {
  const c = client();
  const change = (currentEmail: string, newEmail: string) => () =>
    lower.changeEmail(c, { accountId: "a1", currentEmail, newEmail }, options);
  return [
    await attempt(() => lower.signUp(c, { accountId: "a1", email: "Ada@X.io", username: "ada" }, options)),
    await attempt(change("Ada@X.io", "ada@x.io")),
    await attempt(change("Ada@X.io", "ADA@x.io")),
    await attempt(change("ada@x.io", "ada@x.io")),
  ];
}

const scenarios: Record<string, () => Promise<unknown>> = { tokens, limits, respell };
const run = scenarios[scenario];
if (run === undefined) {
  throw new Error(`unknown scenario ${scenario}`);
}
console.log(JSON.stringify(await run()));
"""


@pytest.fixture(scope="session")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The two generated modules and the driver, compiled as test_codegen_run compiles its own."""
    return compile_project(tmp_path_factory.mktemp("codegen-ts-tokens"), {
        "lower.ts": module_code(LOWER, "accounts", lang="typescript"),
        "sorted.ts": module_code(SORTED, "accounts", lang="typescript"),
        "driver.ts": DRIVER,
    })



@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    with empty_accounts_table(conn, "codegen-ts-tok") as name:
        yield name


@ON_LOCAL
def test_a_retry_with_the_callers_token_applies_once(project: Path, endpoint_url: str,
                                                     conn: Connection, table: str) -> None:
    answer = run_driver(project, "tokens", endpoint=endpoint_url, table=table, token="tok-" + table[-8:])
    steps = answer["steps"]
    assert steps[:4] == [{"ok": "a1"}, {"ok": "a1"}, {"ok": None}, {"ok": None}], steps
    assert steps[4]["error"] == "ValueTakenError", steps  # no token: its own lock reads as taken
    token = "tok-" + table[-8:]
    assert answer["sent"][:4] == [token, token, token + "-m", token + "-m"]
    assert answer["sent"][4] not in (token, token + "-m")
    assert {i["PK"]["S"] for i in items_of(conn, table)} == {
        "ACCT#a1", "UNIQ#EMAIL#ada@y.io", "UNIQ#HANDLE#ada"}
    assert findings(conn, table, LOWER) == []


def test_keys_over_the_limits_are_refused_before_sending(project: Path, endpoint_url: str,
                                                         conn: Connection, table: str) -> None:
    answer = run_driver(project, "limits", endpoint=endpoint_url, table=table)
    refused = answer["steps"][:6]
    assert all(s.get("error") == "KeyTooLongError" for s in refused), refused
    assert [s["field"] for s in refused] == ["email", "email", None, "email", None, "email"]
    assert "2,049 bytes" in refused[0]["message"] and "allows 1,024" in refused[5]["message"]
    assert answer["sentBefore"] == 0  # nothing left the machine, not even the owner's read
    assert answer["steps"][6] == {"ok": "a1"}  # at the limit exactly: DynamoDB takes it
    assert findings(conn, table, LOWER) == []


def test_a_new_spelling_keeps_the_lock(project: Path, endpoint_url: str, conn: Connection,
                                       table: str) -> None:
    steps = run_driver(project, "respell", endpoint=endpoint_url, table=table)
    assert steps[:2] == [{"ok": "a1"}, {"ok": None}], steps
    assert steps[2]["error"] == "AccountChangedError" and steps[3]["error"] == "InvalidValueError"
    assert {i["PK"]["S"] for i in items_of(conn, table)} == {
        "ACCT#a1", "UNIQ#EMAIL#ada@x.io", "UNIQ#HANDLE#ada"}
    assert [i["email"] for i in items_of(conn, table) if "email" in i] == [{"S": "ada@x.io"}]
    assert findings(conn, table, LOWER) == []
