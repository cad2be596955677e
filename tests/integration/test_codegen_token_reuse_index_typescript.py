"""The generated TypeScript (tsc strict, Node.js, the real SDK v3) on the same follow-ups as
test_codegen_token_reuse_index_python.py: a reused ``clientRequestToken`` is a
``TokenReusedError``, a token DynamoDB would refuse is refused before sending, and a value that
is the key of a GSI as given is held to the key size limit."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from dynoview.core.codegen import module_code
from dynoview.core.session.connection import Connection
from dynoview.demo.backend import EMAIL_INDEX
from tests.helpers import empty_accounts_table
from tests.integration.test_codegen_run import ON_LOCAL, items_of
from tests.integration.test_codegen_token_reuse_index_python import INDEXED
from tests.integration.test_codegen_tokens_limits_python import LOWER
from tests.typescript_project import COMPILES, compile_project, run_driver

pytestmark = [pytest.mark.integration, COMPILES]

DRIVER = r"""
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import * as lower from "./lower.js";
import * as indexed from "./indexed.js";

const [scenario = "", argsJson = "{}"] = process.argv.slice(2);
const args = JSON.parse(argsJson) as { endpoint: string; table: string; token: string };
const options = { tableName: args.table };
let sent = 0;

function client(): DynamoDBClient {
  const c = new DynamoDBClient({
    endpoint: args.endpoint,
    region: "us-east-1",
    credentials: { accessKeyId: "testingfakekey", secretAccessKey: "testing-fake-secret" },
  });
  c.middlewareStack.add((next) => async (call) => {
    sent += 1;
    return next(call);
  }, { step: "initialize", name: "countSent" });
  return c;
}

async function attempt(call: () => Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    return { ok: (await call()) ?? null };
  } catch (error: unknown) {
    if (error instanceof lower.TokenReusedError) {
      return { error: error.name, token: error.token, message: error.message,
               family: error instanceof lower.UniquenessError };
    }
    if (error instanceof lower.InvalidValueError || error instanceof indexed.KeyTooLongError) {
      return { error: error.name, field: error.field, message: error.message };
    }
    return { error: (error as Error).name ?? "unexpected", message: String(error) };
  }
}

async function reuse(): Promise<unknown> {
  const c = client();
  const token = { ...options, clientRequestToken: args.token };
  const signUp = () => lower.signUp(c, { accountId: "a1", email: "ada@x.io", username: "ada" }, token);
  return [
    await attempt(signUp),
    await attempt(() => lower.changeUsername(
      c, { accountId: "a1", currentUsername: "ada", newUsername: "bob" }, token)),
    await attempt(signUp),
  ];
}

async function checks(): Promise<unknown> {
  const c = client();
  const steps = [];
  for (const bad of ["", "t".repeat(37), "é".repeat(37)]) {
    const token = { ...options, clientRequestToken: bad };
    steps.push(await attempt(() =>
      lower.signUp(c, { accountId: "a1", email: "ada@x.io", username: "ada" }, token)));
    steps.push(await attempt(() =>
      lower.releaseEmailLock(c, { email: "ada@x.io", formerOwnerId: "a1" }, token)));
  }
  const long = "ada@x.io" + " ".repeat(2041);
  steps.push(await attempt(() =>
    indexed.signUp(c, { accountId: "a1", email: long, username: "ada" }, options)));
  const before = sent;
  steps.push(await attempt(() => indexed.signUp(
    c, { accountId: "a1", email: long.slice(0, -1), username: "ada" },
    { ...options, clientRequestToken: "é".repeat(28) + args.table.slice(-8) })));
  return { steps, sentBefore: before };
}

const scenarios: Record<string, () => Promise<unknown>> = { reuse, checks };
const run = scenarios[scenario];
if (run === undefined) {
  throw new Error(`unknown scenario ${scenario}`);
}
console.log(JSON.stringify(await run()));
"""


@pytest.fixture(scope="session")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The two generated modules and the driver, compiled as test_codegen_run compiles its own."""
    return compile_project(tmp_path_factory.mktemp("codegen-ts-reuse"), {
        "lower.ts": module_code(LOWER, "accounts", lang="typescript"),
        "indexed.ts": module_code(INDEXED, "accounts", lang="typescript"),
        "driver.ts": DRIVER,
    })



@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    with empty_accounts_table(conn, "codegen-ts-reuse") as name:
        yield name


@ON_LOCAL
def test_a_reused_token_is_a_typed_error(project: Path, endpoint_url: str, conn: Connection,
                                         table: str) -> None:
    token = "reuse-" + table[-8:]
    steps = run_driver(project, "reuse", endpoint=endpoint_url, table=table, token=token)
    assert steps[0] == {"ok": "a1"} and steps[2] == {"ok": "a1"}, steps  # the same call: once
    reused = steps[1]
    assert reused["error"] == "TokenReusedError" and reused["token"] == token, steps
    assert reused["family"] is True
    assert "use a new token for a new operation" in reused["message"]
    assert "reuse it only to retry the same call with the same arguments" in reused["message"]
    assert [i.get("username") for i in items_of(conn, table) if i["PK"]["S"] == "ACCT#a1"] == [
        {"S": "ada"}]


def test_bad_tokens_and_index_keys_are_refused_before_sending(project: Path, endpoint_url: str,
                                                              conn: Connection, table: str) -> None:
    answer = run_driver(project, "checks", endpoint=endpoint_url, table=table)
    tokens = answer["steps"][:6]
    assert all(s.get("error") == "InvalidValueError" for s in tokens), tokens
    assert {s["field"] for s in tokens} == {"clientRequestToken"}
    assert "1 to 36 characters" in tokens[0]["message"]
    index = answer["steps"][6]
    assert index["error"] == "KeyTooLongError" and index["field"] == "email", index
    assert f"index {EMAIL_INDEX}'s key email would be 2,049 bytes" in index["message"]
    assert answer["sentBefore"] == 0  # nothing left the machine, not even the owner's read
    assert answer["steps"][7] == {"ok": "a1"}  # 2,048 bytes and a 36-character token: taken
    assert [i["email"] for i in items_of(conn, table) if "email" in i] == [
        {"S": "ada@x.io" + " " * 2040}]
