"""Executing transactions against a real local endpoint over HTTP (moto and DynamoDB Local).

Both keep the ClientRequestToken as DynamoDB does (moto on the demo's server:
dynoview/demo/moto_tokens.py): the same request with the same token gets 200 without a second
write. A resend that meets its own writes instead (an engine keeping no token) is in
tests/faults/test_tx_faults.py."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from botocore.exceptions import ClientError

from dynoview.core.errors import ReadOnlyError
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.tx.code_export import to_boto3
from dynoview.core.tx.confirmation import ConfirmationError, confirmation_for
from dynoview.core.tx.execution import TransactionInvalidError, execute_transaction
from dynoview.core.tx.model import PUT, Action, Transaction, execute, new_token, signup_request
from dynoview.core.tx.outcomes import CANCELLED, SUCCEEDED
from dynoview.core.tx.templates import (
    OwnerRead,
    change_value,
    claim_missing_lock,
    delete_account,
    release_orphan_lock,
    resolve_duplicate,
    sign_up,
)
from dynoview.core.tx.wire import body_json, preview_text
from dynoview.core.uniqueness.schema import article_schema
from tests.helpers import connect

pytestmark = pytest.mark.integration
S = article_schema()


def key(pk: str, sk: str) -> dict[str, Any]:
    return {"PK": {"S": pk}, "SK": {"S": sk}}


def account(acct: str, email: str, username: str) -> dict[str, Any]:
    return {**key(f"ACCT#{acct}", "PROFILE"), "email": {"S": email}, "username": {"S": username}}


def get(reader: Reader, table: str, pk: str, sk: str) -> dict[str, Any] | None:
    return reader.get_item(table, key(pk, sk), consistent=True)


def audit_findings(conn: Connection, table: str) -> set[tuple[str | None, str | None]] | None:
    """(rule, value) of every finding of a strongly consistent audit, when the audit module
    exists (it lands with another issue); None without it."""
    try:
        from dynoview.core.audit.run import run_audit
    except ImportError:
        return None
    from dynoview.core.session.tables import describe_table

    result = run_audit(Reader(conn), describe_table(conn, table), S, consistent=True, segments=2)
    return {(f.rule, f.value) for f in result.findings}


def assert_audit_clean_for(conn: Connection, table: str, rule: str, value: str) -> None:
    findings = audit_findings(conn, table)
    if findings is not None:
        assert (rule, value) not in findings


@pytest.fixture
def capture(conn: Connection) -> Iterator[list[bytes]]:
    """Every TransactWriteItems body as it leaves botocore for the socket."""
    bodies: list[bytes] = []

    def record(request: Any, **_: Any) -> None:
        body = request.body
        bodies.append(body if isinstance(body, bytes) else body.encode("utf-8"))

    conn.client.meta.events.register("before-send.dynamodb.TransactWriteItems", record)
    yield bodies
    conn.client.meta.events.unregister("before-send.dynamodb.TransactWriteItems", record)


def test_signup_then_second_signup_with_the_same_email(conn: Connection, reader: Reader,
                                                       accounts_table: str, tmp_path: Path) -> None:
    log = ActionLog(tmp_path / "actions.jsonl")
    first = execute_transaction(conn, sign_up(S, accounts_table, account("n1", "new@x.io", "newbie")),
                                confirmation=True, schema=S, log=log)
    assert first.status == SUCCEEDED
    assert get(reader, accounts_table, "UNIQ#EMAIL#new@x.io", "LOCK") == key("UNIQ#EMAIL#new@x.io", "LOCK")

    second = execute_transaction(conn, sign_up(S, accounts_table, account("n2", "new@x.io", "other")),
                                 confirmation=True, schema=S, log=log)
    assert second.status == CANCELLED
    assert [o.code for o in second.actions] == [None, "ConditionalCheckFailed", None]
    slot = second.actions[1]
    assert slot.attribute == "email"
    assert slot.field == "item.PK"
    assert slot.message.startswith("Email new@x.io is already taken.")
    assert slot.item == key("UNIQ#EMAIL#new@x.io", "LOCK")  # ALL_OLD brought the existing lock
    # Nothing partially written: no second account, no lock for its username.
    assert get(reader, accounts_table, "ACCT#n2", "PROFILE") is None
    assert get(reader, accounts_table, "UNIQ#HANDLE#other", "LOCK") is None
    entries = log.entries()
    assert [e["outcome"]["status"] for e in entries] == ["succeeded", "cancelled"]
    assert entries[1]["token"] == second.token
    assert entries[1]["request"]["TransactItems"][1]["Put"]["Item"]["PK"] == {"S": "UNIQ#EMAIL#new@x.io"}
    assert entries[1]["connection"]["endpoint"] == conn.spec.endpoint_url


def test_change_email(conn: Connection, reader: Reader, accounts_table: str) -> None:
    ada = get(reader, accounts_table, "ACCT#a1f9c3", "PROFILE")
    assert ada is not None
    tx = change_value(S, accounts_table, ada, "email", "ada@engine.uk")
    assert execute_transaction(conn, tx, confirmation=True).status == SUCCEEDED
    after = get(reader, accounts_table, "ACCT#a1f9c3", "PROFILE")
    assert after is not None and after["email"] == {"S": "ada@engine.uk"}
    assert get(reader, accounts_table, "UNIQ#EMAIL#ada@engine.uk", "LOCK") is not None
    assert get(reader, accounts_table, "UNIQ#EMAIL#ada@lovelace.io", "LOCK") is None
    # Re-running the same change (stale view of the account) is refused by its guards.
    again = execute_transaction(conn, change_value(S, accounts_table, ada, "email", "ada@engine.uk"),
                                confirmation=True)
    assert again.status == CANCELLED
    assert again.actions[0].message.startswith("Email ada@engine.uk is already taken.")


def test_delete_account_leaves_no_lock(conn: Connection, reader: Reader, accounts_table: str) -> None:
    grace = get(reader, accounts_table, "ACCT#b27d10", "PROFILE")
    assert grace is not None
    assert execute_transaction(conn, delete_account(S, accounts_table, grace),
                               confirmation=True).status == SUCCEEDED
    for pk, sk in (("ACCT#b27d10", "PROFILE"), ("UNIQ#EMAIL#grace@hopper.dev", "LOCK"),
                   ("UNIQ#HANDLE#grace", "LOCK")):
        assert get(reader, accounts_table, pk, sk) is None


def test_release_stuck_signup_lock(conn: Connection, reader: Reader, accounts_table: str) -> None:
    lock = key("UNIQ#EMAIL#ken@thompson.dev", "LOCK")
    result = execute_transaction(conn, release_orphan_lock(S, accounts_table, lock), confirmation=True)
    assert result.status == SUCCEEDED
    assert get(reader, accounts_table, "UNIQ#EMAIL#ken@thompson.dev", "LOCK") is None
    assert_audit_clean_for(conn, accounts_table, "email", "ken@thompson.dev")
    again = execute_transaction(conn, release_orphan_lock(S, accounts_table, lock), confirmation=True)
    assert again.status == CANCELLED
    assert "no longer exists" in again.actions[0].message


def test_release_stale_lock_with_owner_check(conn: Connection, reader: Reader, accounts_table: str) -> None:
    owner = key("ACCT#4c5d6e", "PROFILE")
    seen = OwnerRead(owner, reader.get_item(accounts_table, owner))
    with pytest.raises(ValueError, match="still holds"):  # never release a live lock
        release_orphan_lock(S, accounts_table, key("UNIQ#EMAIL#barbara@liskov.io", "LOCK"), seen)
    stale = execute_transaction(conn, release_orphan_lock(
        S, accounts_table, key("UNIQ#EMAIL#barbara@mit.edu", "LOCK"), seen), confirmation=True)
    assert stale.status == SUCCEEDED
    assert get(reader, accounts_table, "UNIQ#EMAIL#barbara@mit.edu", "LOCK") is None
    assert get(reader, accounts_table, "UNIQ#EMAIL#barbara@liskov.io", "LOCK") is not None
    assert_audit_clean_for(conn, accounts_table, "email", "barbara@mit.edu")


def test_claim_missing_lock(conn: Connection, reader: Reader, accounts_table: str) -> None:
    linus = get(reader, accounts_table, "ACCT#1d2e3f", "PROFILE")
    assert linus is not None
    assert get(reader, accounts_table, "UNIQ#HANDLE#linus", "LOCK") is None
    result = execute_transaction(conn, claim_missing_lock(S, accounts_table, linus, "username"),
                                 confirmation=True)
    assert result.status == SUCCEEDED
    assert get(reader, accounts_table, "UNIQ#HANDLE#linus", "LOCK") == key("UNIQ#HANDLE#linus", "LOCK")
    assert_audit_clean_for(conn, accounts_table, "username", "linus")


def test_resolve_duplicate_email(conn: Connection, reader: Reader, accounts_table: str) -> None:
    keep = get(reader, accounts_table, "ACCT#2a3b4c", "PROFILE")
    other = get(reader, accounts_table, "ACCT#3b4c5d", "PROFILE")
    assert keep is not None and other is not None
    tx = resolve_duplicate(S, accounts_table, keep, other, "email", new_value="dup2@example.com")
    assert execute_transaction(conn, tx, confirmation=True).status == SUCCEEDED
    moved = get(reader, accounts_table, "ACCT#3b4c5d", "PROFILE")
    kept = get(reader, accounts_table, "ACCT#2a3b4c", "PROFILE")
    assert moved is not None and moved["email"] == {"S": "dup2@example.com"}
    assert kept is not None and kept["email"] == {"S": "shared@example.com"}
    assert get(reader, accounts_table, "UNIQ#EMAIL#dup2@example.com", "LOCK") is not None
    assert get(reader, accounts_table, "UNIQ#EMAIL#shared@example.com", "LOCK") is not None
    assert_audit_clean_for(conn, accounts_table, "email", "shared@example.com")


def test_preview_bytes_equal_sent_bytes(conn: Connection, accounts_table: str,
                                        capture: list[bytes]) -> None:
    item = {**account("bin1", "bin@x.io", "binary"), "blob": {"B": b"\x00\xff\x10"},
            "n": {"N": "12345678901234567890123456789012345678"}, "café": {"S": "naïve"}}
    tx = sign_up(S, accounts_table, item)
    preview = preview_text(tx.to_request())
    assert execute_transaction(conn, tx, confirmation=True).status == SUCCEEDED
    assert capture == [preview.encode("utf-8")]
    assert body_json(capture[0])["TransactItems"][0]["Put"]["Item"]["blob"] == {"B": "AP8Q"}


def test_legacy_execute_still_sends(conn: Connection, reader: Reader, accounts_table: str,
                                    capture: list[bytes]) -> None:
    request = signup_request(accounts_table, account("leg1", "leg@x.io", "legacy"),
                             [key("UNIQ#EMAIL#leg@x.io", "LOCK")])
    execute(conn, request)
    assert capture == [preview_text(request).encode("utf-8")]
    execute(conn, request)  # the same token: 200, and nothing is written twice
    with pytest.raises(ClientError) as err:  # a new token: the guards refuse the second signup
        execute(conn, {**request, "ClientRequestToken": new_token()})
    assert err.value.response["Error"]["Code"] == "TransactionCanceledException"


def test_invalid_transaction_is_not_sent(conn: Connection, accounts_table: str,
                                         capture: list[bytes]) -> None:
    tx = Transaction([Action(PUT, accounts_table, item={"PK": {"S": ""}, "SK": {"S": "x"}})])
    with pytest.raises(TransactionInvalidError) as err:
        execute_transaction(conn, tx, confirmation=True, schema=S,
                            tables={accounts_table: _info(conn, accounts_table)})
    assert [(p.index, p.field) for p in err.value.problems if p.is_error] == [(0, "item.PK")]
    assert capture == []


def _info(conn: Connection, table: str) -> Any:
    from dynoview.core.session.tables import describe_table

    return describe_table(conn, table)


def test_read_only_refuses_before_sending(endpoint_url: str, accounts_table: str, reader: Reader) -> None:
    ro = connect(endpoint_url, read_only=True)
    tx = sign_up(S, accounts_table, account("ro1", "ro@x.io", "ro"))
    assert not confirmation_for(ro, tx).allowed
    with pytest.raises(ReadOnlyError, match="read-only"):
        execute_transaction(ro, tx, confirmation=True)
    with pytest.raises(ReadOnlyError):  # the client itself refuses too
        execute(ro, tx.to_request())
    assert get(reader, accounts_table, "ACCT#ro1", "PROFILE") is None


def test_non_local_endpoint_requires_typing_the_table_name() -> None:
    spec = ConnectionSpec(name="prod", endpoint_url="https://dynamodb.eu-west-1.amazonaws.com",
                          region="eu-west-1")
    remote = Connection(spec, credentials={"aws_access_key_id": "k", "aws_secret_access_key": "s"})
    tx = sign_up(S, "accounts", account("r1", "r@x.io", "r"))
    requirement = confirmation_for(remote, tx)
    assert requirement.type_to_confirm == "accounts"
    with pytest.raises(ConfirmationError, match="type accounts"):
        execute_transaction(remote, tx, confirmation=True)
    with pytest.raises(ConfirmationError):
        requirement.check("account")
    requirement.check("accounts")


def test_unconfirmed_local_execution_is_refused(conn: Connection, accounts_table: str,
                                                capture: list[bytes]) -> None:
    with pytest.raises(ConfirmationError):
        execute_transaction(conn, sign_up(S, accounts_table, account("u1", "u@x.io", "u")),
                            confirmation=None)
    assert capture == []


class DroppingProxy:
    """Loopback HTTP proxy that forwards the first TransactWriteItems request, then drops
    the client connection without an answer: the write happens, the response is lost."""

    def __init__(self, upstream: str) -> None:
        host, port = upstream.rsplit("//", 1)[1].split(":")
        self.upstream = (host, int(port))
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        self.transact_bodies: list[bytes] = []
        self.dropped = 0
        self._stop = False
        threading.Thread(target=self._serve, daemon=True).start()

    def close(self) -> None:
        self._stop = True
        self.sock.close()

    def _serve(self) -> None:
        while not self._stop:
            try:
                client, _ = self.sock.accept()
            except OSError:
                return
            threading.Thread(target=self._handle, args=(client,), daemon=True).start()

    @staticmethod
    def _read_request(client: socket.socket) -> bytes | None:
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = client.recv(65536)
            if not chunk:
                return None
            data += chunk
        head, _, body = data.partition(b"\r\n\r\n")
        length = 0
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value.strip())
        while len(body) < length:
            body += client.recv(65536)
        return head + b"\r\n\r\n" + body

    @staticmethod
    def _closing(request: bytes) -> bytes:
        """The request asking the upstream to close after answering: reading to EOF is how
        this proxy finds the end of the answer (DynamoDB Local keeps connections alive)."""
        head, _, body = request.partition(b"\r\n\r\n")
        lines = [line for line in head.split(b"\r\n") if not line.lower().startswith(b"connection:")]
        return b"\r\n".join([*lines, b"Connection: close"]) + b"\r\n\r\n" + body

    def _handle(self, client: socket.socket) -> None:
        with client:
            while True:
                request = self._read_request(client)
                if request is None:
                    return
                is_transact = b"TransactWriteItems" in request.split(b"\r\n\r\n", 1)[0]
                if is_transact:
                    self.transact_bodies.append(request.split(b"\r\n\r\n", 1)[1])
                with socket.create_connection(self.upstream) as up:
                    up.sendall(self._closing(request))
                    response = b""
                    while True:
                        chunk = up.recv(65536)
                        if not chunk:
                            break
                        response += chunk
                if is_transact and self.dropped == 0:
                    self.dropped += 1
                    return  # the write happened upstream; the answer never reaches the client
                client.sendall(response)
                return  # the upstream closed its connection; make the client reconnect too


@pytest.fixture
def dropping_proxy(endpoint_url: str) -> Iterator[DroppingProxy]:
    proxy = DroppingProxy(endpoint_url)
    yield proxy
    proxy.close()


def test_retry_after_dropped_connection_uses_same_token_and_reads(
        dropping_proxy: DroppingProxy, conn: Connection, reader: Reader, accounts_table: str,
        ) -> None:
    """The engine answers the resend 200 for the same token without writing again: no reads
    are needed. (An engine keeping no token cancels it and reads settle it:
    tests/faults/test_tx_faults.py, ``forgotten``.)"""
    via_proxy = connect(dropping_proxy.url)
    proxy_reader = Reader(via_proxy)
    tx = sign_up(S, accounts_table, account("drop1", "drop@x.io", "dropper"))
    result = execute_transaction(via_proxy, tx, confirmation=True, reader=proxy_reader, retry_delay=0)
    assert dropping_proxy.dropped == 1
    tokens = [body_json(b)["ClientRequestToken"] for b in dropping_proxy.transact_bodies]
    assert len(tokens) >= 2 and set(tokens) == {tx.token}
    assert dropping_proxy.transact_bodies[0] == dropping_proxy.transact_bodies[1]
    assert result.tokens_sent == tokens
    assert get(reader, accounts_table, "ACCT#drop1", "PROFILE") is not None
    assert result.status == SUCCEEDED and not result.verified_by_reads
    assert f"resent with the same token {tx.token}" in result.message


def test_exported_boto3_code_does_the_same(conn: Connection, reader: Reader, accounts_table: str,
                                           endpoint_url: str, tmp_path: Path) -> None:
    """The script carries the transaction's token: run again, it is the same transaction
    (200 and no second write)."""
    tx = sign_up(S, accounts_table, {**account("exp1", "exp@x.io", "exporter"), "blob": {"B": b"\x01\x02"}})
    script = tmp_path / "export.py"
    script.write_text(to_boto3(tx.to_request(), region="us-east-1", endpoint_url=endpoint_url))
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "200"
    assert get(reader, accounts_table, "ACCT#exp1", "PROFILE") == tx.actions[0].item
    assert get(reader, accounts_table, "UNIQ#EMAIL#exp@x.io", "LOCK") is not None
    again = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60,
                           check=False)
    assert again.returncode == 0 and again.stdout.strip() == "200", again.stderr
    assert get(reader, accounts_table, "ACCT#exp1", "PROFILE") == tx.actions[0].item


def test_idempotent_parameter_mismatch_is_a_sentence_wherever_it_surfaces(
        conn: Connection, accounts_table: str) -> None:
    """The engine refuses another request under a token it keeps; raised straight from the
    client (not through execute_transaction), describe_error still says what happened."""
    from dynoview.core.errors import describe_error

    token = new_token()
    execute(conn, signup_request(accounts_table, account("ipm1", "ipm1@x.io", "ipm1"),
                                 [key("UNIQ#EMAIL#ipm1@x.io", "LOCK")], token=token))
    with pytest.raises(ClientError) as caught:
        execute(conn, signup_request(accounts_table, account("ipm2", "ipm2@x.io", "ipm2"),
                                     [key("UNIQ#EMAIL#ipm2@x.io", "LOCK")], token=token))
    assert caught.value.response["Error"]["Code"] == "IdempotentParameterMismatchException"
    err = describe_error(caught.value, operation="TransactWriteItems")
    assert err.title == "Token already used" and err.code == "IdempotentParameterMismatchException"
    assert err.message.startswith("DynamoDB refused TransactWriteItems and wrote nothing: its "
                                  "ClientRequestToken was used in the last 10 minutes")
    assert "give it a new token" in err.message
    assert conn.client.get_item(TableName=accounts_table, Key=key("ACCT#ipm2", "PROFILE"),
                                ConsistentRead=True).get("Item") is None
