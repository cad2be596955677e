"""`dynoview transact` refuses writes that would break a uniqueness lock, before sending."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.reads.reader import Reader
from dynoview.core.tx.model import Transaction
from dynoview.core.tx.templates import change_value, delete_account, release_orphan_lock, sign_up
from dynoview.core.tx.wire import preview_text
from dynoview.core.uniqueness.schema import article_schema
from tests.helpers import account_key as _acct
from tests.helpers import lock_key as _lock
from tests.helpers import s as _s

pytestmark = pytest.mark.integration
S = article_schema()


def _file(tmp_path: Path, items: list[dict[str, Any]] | Transaction) -> Path:
    path = tmp_path / "tx.json"
    body = json.loads(preview_text(items.to_request())) if isinstance(items, Transaction) else items
    path.write_text(json.dumps(body))
    return path


def _breaking(table: str) -> dict[str, list[dict[str, Any]]]:
    return {
        "update-email-without-locks": [{"Update": {
            "TableName": table, "Key": _acct("a1f9c3"), "UpdateExpression": "SET email = :e",
            "ExpressionAttributeValues": {":e": _s("ada@elsewhere.io")}}}],
        "put-account-on-taken-email": [{"Put": {
            "TableName": table, "Item": {**_acct("99aa00"), "email": _s("grace@hopper.dev")}}}],
        "delete-account-leaving-locks": [{"Delete": {"TableName": table, "Key": _acct("c3e511")}}],
        "delete-held-lock": [{"Delete": {"TableName": table, "Key": _lock("HANDLE", "ada")}}],
    }


@pytest.mark.parametrize("case", list(_breaking("t")))
def test_breaking_requests_are_refused_and_nothing_is_sent(
        case: str, tmp_path: Path, endpoint_url: str, accounts_table: str, reader: Reader,
        capsys: pytest.CaptureFixture[str]) -> None:
    before = reader.conn.client.scan(TableName=accounts_table)["Items"]
    path = _file(tmp_path, _breaking(accounts_table)[case])
    assert main(["transact", str(path), "--endpoint-url", endpoint_url, "--yes"]) == 2
    err = capsys.readouterr().err
    assert "Refused by the preflight" in err and "refused: " in err
    after = reader.conn.client.scan(TableName=accounts_table)["Items"]
    assert sorted(map(repr, after)) == sorted(map(repr, before))


def test_refusal_as_json_names_rule_value_and_template(tmp_path: Path, endpoint_url: str,
                                                       accounts_table: str,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = _file(tmp_path, _breaking(accounts_table)["update-email-without-locks"])
    assert main(["transact", str(path), "--endpoint-url", endpoint_url, "--yes", "--format", "json"]) == 2
    payload = json.loads(capsys.readouterr().out)
    assert payload["status"] == "refused"
    refusals = payload["preflight"]["refusals"]
    assert {(r["rule"], r["value"]) for r in refusals} == {("email", "ada@elsewhere.io"),
                                                            ("email", "ada@lovelace.io")}
    suggested = next(r["suggestion"] for r in refusals if r["suggestion"])
    # The suggestion is the guarded change-email template, ready to run as it is.
    path.write_text(json.dumps(suggested))
    assert main(["transact", str(path), "--endpoint-url", endpoint_url, "--yes"]) == 0


def test_allow_broken_locks_lets_a_deliberate_break_through(tmp_path: Path, endpoint_url: str,
                                                            accounts_table: str, reader: Reader,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = _file(tmp_path, _breaking(accounts_table)["delete-held-lock"])
    assert main(["transact", str(path), "--endpoint-url", endpoint_url, "--yes",
                 "--allow-broken-locks"]) == 0
    assert "--allow-broken-locks: sending although the preflight refused it." in capsys.readouterr().err
    assert reader.get_item(accounts_table, _lock("HANDLE", "ada")) is None


def test_correct_transactions_go_through(tmp_path: Path, endpoint_url: str, accounts_table: str,
                                         reader: Reader, capsys: pytest.CaptureFixture[str]) -> None:
    ada = reader.get_item(accounts_table, _acct("a1f9c3"))
    assert ada is not None
    tx = change_value(S, accounts_table, ada, "email", "ada@engine.io")
    assert main(["transact", str(_file(tmp_path, tx)), "--endpoint-url", endpoint_url, "--yes"]) == 0
    err = capsys.readouterr().err
    assert "Preflight passed" in err and "after: lock UNIQ#EMAIL#ada@engine.io held by ACCT#a1f9c3 ✓" in err

    release = release_orphan_lock(S, accounts_table, _lock("EMAIL", "ken@thompson.dev"))
    assert main(["transact", str(_file(tmp_path, release)), "--endpoint-url", endpoint_url, "--yes"]) == 0
    assert "repairs 1 problem(s)" in capsys.readouterr().err

    alan = reader.get_item(accounts_table, _acct("c3e511"))
    assert alan is not None
    tx = delete_account(S, accounts_table, alan)
    assert main(["transact", str(_file(tmp_path, tx)), "--endpoint-url", endpoint_url, "--yes"]) == 0
    assert reader.get_item(accounts_table, _lock("EMAIL", "alan@turing.uk")) is None


def test_missing_schema_file_is_a_sentence(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _file(tmp_path, _breaking("accounts")["delete-held-lock"])
    assert main(["transact", str(path), "--demo", "--yes", "--schema", str(tmp_path / "nope.json")]) == 2
    err = capsys.readouterr().err
    assert "cannot read the schema file" in err and "Unexpected" not in err


def _json_run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any]]:
    code = main([*args, "--format", "json"])
    return code, json.loads(capsys.readouterr().out)


def _offered(payload: dict[str, Any]) -> list[Any]:
    """Every request the preflight offers: the right transactions and the choices'."""
    refusals = payload["preflight"]["refusals"]
    return [r["suggestion"] for r in refusals if r["suggestion"]] + [
        c["suggestion"] for r in refusals for c in r["choices"] if c["suggestion"]]


@pytest.mark.parametrize("case", list(_breaking("t")))
def test_every_offered_request_passes_its_own_preflight(case: str, tmp_path: Path, endpoint_url: str,
                                                        accounts_table: str,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = _file(tmp_path, _breaking(accounts_table)[case])
    code, payload = _json_run(["transact", str(path), "--endpoint-url", endpoint_url, "--yes"], capsys)
    assert code == 2 and payload["status"] == "refused"
    for request in _offered(payload):
        path.write_text(json.dumps(request))
        # The dry run runs the same preflight and exits as --yes would: nothing is sent.
        code, checked = _json_run(["transact", str(path), "--endpoint-url", endpoint_url, "--dry-run"],
                                  capsys)
        assert code == 0 and checked["preflight"]["refused"] is False, checked["preflight"]["refusals"]


def test_a_lone_lock_offers_no_right_transaction(tmp_path: Path, endpoint_url: str, accounts_table: str,
                                                 reader: Reader, capsys: pytest.CaptureFixture[str]) -> None:
    path = _file(tmp_path, [{"Put": {"TableName": accounts_table,
                                     "Item": _lock("EMAIL", "mallory@example.com"),
                                     "ConditionExpression": "attribute_not_exists(#n0)",
                                     "ExpressionAttributeNames": {"#n0": "PK"}}}])
    code, payload = _json_run(["transact", str(path), "--endpoint-url", endpoint_url, "--yes"], capsys)
    assert code == 2
    (refusal,) = payload["preflight"]["refusals"]
    assert refusal["status"] == "ORPHAN_LOCK" and refusal["suggestion"] is None
    assert "No right transaction" in refusal["message"]
    assert [c["text"] for c in refusal["choices"]] == [
        "write it together with the account that is to hold email mallory@example.com (the Sign up "
        "template for a new account, the Change email template for an existing one)",
        "do not write it (this transaction has nothing else to send)"]
    assert [c["suggestion"] for c in refusal["choices"]] == [None, None]
    # In text, no request is printed as the right one.
    assert main(["transact", str(path), "--endpoint-url", endpoint_url, "--yes"]) == 2
    err = capsys.readouterr().err
    assert "the right transaction (save it" not in err
    assert "; or do not write it (this transaction has nothing else to send)." in err
    assert reader.get_item(accounts_table, _lock("EMAIL", "mallory@example.com")) is None


def test_a_taken_email_names_its_holder_not_the_template_in_use(
        tmp_path: Path, endpoint_url: str, accounts_table: str, reader: Reader,
        capsys: pytest.CaptureFixture[str]) -> None:
    ada = reader.get_item(accounts_table, _acct("a1f9c3"))
    assert ada is not None
    path = _file(tmp_path, change_value(S, accounts_table, ada, "email", "grace@hopper.dev"))
    assert main(["transact", str(path), "--endpoint-url", endpoint_url, "--yes"]) == 2
    err = capsys.readouterr().err
    assert "refused: Action 3: grace@hopper.dev is held by ACCT#b27d10: pick another email" in err
    assert "Change email template" not in err and "the right transaction" not in err


def test_a_case_clash_needs_accept_warnings(tmp_path: Path, endpoint_url: str, accounts_table: str,
                                            reader: Reader, capsys: pytest.CaptureFixture[str]) -> None:
    item = {**_acct("ada2acct"), "email": _s("ADA@Lovelace.io"), "username": _s("ada2")}
    path = _file(tmp_path, sign_up(S, accounts_table, item))
    code, payload = _json_run(["transact", str(path), "--endpoint-url", endpoint_url, "--yes"], capsys)
    assert code == 2 and payload["status"] == "needs-confirmation"
    assert "--accept-warnings" in payload["message"]
    (warning,) = payload["preflight"]["warnings"]
    assert warning["status"] == "CASE_CLASH" and warning["action"] == 1
    assert payload["preflight"]["refused"] is False and payload["preflight"]["needs_confirmation"] is True
    assert reader.get_item(accounts_table, _acct("ada2acct")) is None
    assert main(["transact", str(path), "--endpoint-url", endpoint_url, "--yes", "--accept-warnings"]) == 0
    err = capsys.readouterr().err
    assert "warning: Action 1: email ADA@Lovelace.io (ACCT#ada2acct) and ada@lovelace.io (ACCT#a1f9c3)" in err
    assert "--accept-warnings: sending although the preflight warned." in err
    assert reader.get_item(accounts_table, _acct("ada2acct")) is not None


def test_a_delete_on_a_table_keyed_otherwise_is_not_let_through_by_checks_elsewhere(
        tmp_path: Path, endpoint_url: str, accounts_table: str, reader: Reader,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A table of accounts keyed pk/sk beside the article's PK/SK table: deleting an account
    there alone is refused; two ConditionChecks on the PK/SK table made the schema judged the
    PK/SK one, and the Delete went unjudged and was sent, leaving two orphan locks. Now the
    action the schema cannot judge is refused, and nothing is sent."""
    client = reader.conn.client
    lower = f"acc-lower-{tmp_path.name[-8:]}"
    client.create_table(TableName=lower, BillingMode="PAY_PER_REQUEST",
                        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"},
                                   {"AttributeName": "sk", "KeyType": "RANGE"}],
                        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                                              {"AttributeName": "sk", "AttributeType": "S"}])
    try:
        for item in ({"pk": _s("ACCT#L1"), "sk": _s("PROFILE"), "email": _s("low@x.io")},
                     {"pk": _s("UNIQ#EMAIL#low@x.io"), "sk": _s("LOCK")}):
            client.put_item(TableName=lower, Item=item)
        held = client.scan(TableName=accounts_table)["Items"][:2]
        checks = [{"ConditionCheck": {"TableName": accounts_table, "Key": {"PK": i["PK"], "SK": i["SK"]},
                                      "ConditionExpression": "attribute_exists(PK)"}} for i in held]
        path = _file(tmp_path, [{"Delete": {"TableName": lower,
                                            "Key": {"pk": _s("ACCT#L1"), "sk": _s("PROFILE")}}}, *checks])
        assert main(["transact", str(path), "--endpoint-url", endpoint_url, "--yes"]) == 2
        err = capsys.readouterr().err
        assert "Refused by the preflight" in err and f"Action 1 writes {lower}" in err, err
        assert len(client.scan(TableName=lower)["Items"]) == 2
    finally:
        client.delete_table(TableName=lower)


@pytest.mark.only_on("dynamodb-local", reason="moto does not keep tokens: it judges a resend again")
def test_a_resend_of_an_applied_token_is_not_refused_as_a_cancellation(
        tmp_path: Path, endpoint_url: str, accounts_table: str, reader: Reader,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The same sign-up file sent twice (the documented recovery after a lost answer): its
    guards now fail on what its first send wrote, but DynamoDB answers the resend of the token
    as applied, writing nothing. The preflight says so instead of "would cancel, use another
    account id", and the resend goes through."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    tx = sign_up(S, accounts_table, {**_acct("e5e5e5"), "email": _s("eve@x.io"), "username": _s("eve5")})
    path = _file(tmp_path, tx)
    assert main(["transact", str(path), "--endpoint-url", endpoint_url, "--yes"]) == 0
    before = sorted(map(repr, reader.conn.client.scan(TableName=accounts_table)["Items"]))
    capsys.readouterr()
    assert main(["transact", str(path), "--endpoint-url", endpoint_url, "--yes"]) == 0
    out = capsys.readouterr()
    assert "would cancel" not in out.err and "use another account id" not in out.err
    assert "minute(s) ago" in out.out + out.err
    assert sorted(map(repr, reader.conn.client.scan(TableName=accounts_table)["Items"])) == before
