"""The generated Python module: lint- and type-clean, sending exactly the templates' requests,
mapping each cancellation to its typed error, retrying conflicts under one token, and
normalising exactly as ``forms.normalise``.

The client here is a stand-in for the ``TransactClient`` protocol the module declares (it
records requests and answers with real botocore errors); the same code runs against DynamoDB
Local in tests/integration/test_codegen_run.py.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import typing
import uuid
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from botocore.exceptions import ClientError

from dynoview.core.codegen import module_code
from dynoview.core.tx import templates
from dynoview.core.tx.template_inputs import account_key, sign_up_account
from dynoview.core.uniqueness.forms import NORMALISATIONS, normalise
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema, article_schema
from tests.hostile_values import HOSTILE, SHELL_CANARY

ROOT = Path(__file__).resolve().parents[3]
BIN = Path(sys.executable).parent
TABLE = "accounts"


def every_mode() -> UniquenessSchema:
    """One rule per normalisation."""
    return UniquenessSchema(rules=tuple(
        LockRule(f"r{i}", f"attr{i}", f"UNIQ#R{i}#{{value}}", "LOCK", mode)
        for i, mode in enumerate(NORMALISATIONS)))


def hostile_schema(canary: str) -> UniquenessSchema:
    payload = f"\"); open({canary!r}, 'w') #"
    return UniquenessSchema(
        pk_name="__proto__", sk_name=HOSTILE[0], account_pk_prefix=HOSTILE[1] + "#",
        account_sk_value=HOSTILE[3],
        rules=(LockRule("class", payload, "U\"'#{value}" + HOSTILE[10], HOSTILE[11], "nfkc+casefold"),
               LockRule(HOSTILE[4], "e-mail", HOSTILE[6] + "{value}", "LOCK", "lowercase"),
               LockRule("E mail", HOSTILE[9], "\u202e#{value}#${x}", "x", "trim+lowercase")))


def collisions() -> UniquenessSchema:
    """Rule names that would shadow the generated code's own names."""
    names = ["email", "new value", "normalise email", "str", "items", "client", "email key",
             "table name", "max attempts", "account id", "uuid"]
    return UniquenessSchema(rules=tuple(LockRule(n, f"a{i}", f"UNIQ#{i}#{{value}}", "LOCK", "lowercase")
                                        for i, n in enumerate(names)))


def load(code: str, folder: Path) -> ModuleType:
    folder.mkdir(parents=True, exist_ok=True)
    name = f"generated_{uuid.uuid4().hex[:8]}"
    path = folder / f"{name}.py"
    path.write_text(code, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Recorder:
    """Records each TransactWriteItems; answers with the queued errors first, then success."""

    def __init__(self, *errors: ClientError, owner: dict[str, Any] | None = None) -> None:
        self.calls: list[dict[str, Any]] = []
        self.errors = list(errors)
        self.owner = owner  # what GetItem finds (a release reads its former owner first)
        self.reads: list[dict[str, Any]] = []

    def get_item(self, **kwargs: Any) -> dict[str, Any]:
        self.reads.append(kwargs)
        return {"Item": self.owner} if self.owner is not None else {}

    def transact_write_items(self, **kwargs: Any) -> dict[str, Any]:
        self.calls.append(kwargs)
        if self.errors:
            raise self.errors.pop(0)
        return {}


def cancelled(*codes: str) -> ClientError:
    """The error botocore raises for a cancelled transaction."""
    response: Any = {"Error": {"Code": "TransactionCanceledException", "Message": "cancelled"},
                     "CancellationReasons": [{"Code": c} for c in codes]}
    return ClientError(response, "TransactWriteItems")


@pytest.fixture(scope="module")
def article(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return load(module_code(article_schema(), TABLE, lang="python"), tmp_path_factory.mktemp("gen"))


def test_generated_modules_pass_ruff_and_mypy_strict(tmp_path: Path) -> None:
    typedorm = UniquenessSchema(rules=(LockRule("email", "email", "DRM_GEN_USER.EMAIL#{value}",
                                                "DRM_GEN_USER.EMAIL#{value}", "lowercase"),))
    key_only = UniquenessSchema(pk_name="id", sk_name=None, account_sk_value=None, rules=(
        LockRule("email", "email", "unique:email:{value}", None, "trim+lowercase"),))
    schemas = [article_schema(), every_mode(), hostile_schema(str(tmp_path / "canary")), typedorm,
               key_only, collisions()]
    for i, schema in enumerate(schemas):
        (tmp_path / f"generated_{i}.py").write_text(module_code(schema, TABLE, lang="python"),
                                                    encoding="utf-8")
    # ruff's defaults plus the project's selection, at ruff's default line length.
    ruff = subprocess.run([str(BIN / "ruff"), "check", "--isolated", "--select",
                           "E,F,W,I,B,UP,SIM,RUF", "--target-version", "py311", "--line-length", "88",
                           str(tmp_path)], capture_output=True, text=True, check=False)
    assert ruff.returncode == 0, ruff.stdout + ruff.stderr
    mypy = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--ignore-missing-imports",
                           "--no-incremental", *map(str, sorted(tmp_path.glob("generated_*.py")))],
                          capture_output=True, text=True, check=False, cwd=tmp_path)
    assert mypy.returncode == 0, mypy.stdout + mypy.stderr


def test_sign_up_sends_the_template_transaction_with_a_token(article: ModuleType) -> None:
    client = Recorder()
    account_id = article.sign_up(client, email="ada@x.io", username="ada", account_id="a1",
                                 attributes={"plan": {"S": "pro"}})
    assert account_id == "a1"
    (call,) = client.calls
    item = sign_up_account(article_schema(), "a1", {"email": "ada@x.io", "username": "ada"})
    want = templates.sign_up(article_schema(), TABLE, {"plan": {"S": "pro"}, **item}).to_request()
    assert call["TransactItems"] == want["TransactItems"]
    assert str(uuid.UUID(call["ClientRequestToken"])) == call["ClientRequestToken"]
    # Without an id, a new random one; the extra attributes never replace the key or the values.
    assert uuid.UUID(article.sign_up(Recorder(), email="b@x.io", username="b"))
    with pytest.raises(ValueError, match="may not set PK, email"):
        article.sign_up(Recorder(), email="c@x.io", username="c", attributes={"PK": {"S": "x"},
                                                                              "email": {"S": "y"}})


def test_change_and_delete_send_the_template_transactions(article: ModuleType) -> None:
    schema = article_schema()
    account = {**account_key(schema, "a1"), "email": {"S": "old@x.io"}, "username": {"S": "ada"}}
    client = Recorder()
    article.change_email(client, account_id="a1", current_email="old@x.io", new_email="new@x.io")
    article.change_username(client, account_id="a1", current_username=None, new_username="ada2")
    article.delete_account(client, account_id="a1", email="old@x.io", username="ada")
    article.claim_email_lock(client, account_id="a1", email="old@x.io")
    article.release_email_lock(client, email="gone@x.io", former_owner_id="b2")
    article.resolve_duplicate_email(client, keep_account_id="a1", other_account_id="b2",
                                    email="old@x.io", other_email="old@x.io", new_email=None)
    lock = schema.stored_lock_key(schema.rules[0], "gone@x.io")
    other = {**account_key(schema, "b2"), "email": {"S": "old@x.io"}}
    want = [templates.change_value(schema, TABLE, account, "email", "new@x.io"),
            templates.change_value(schema, TABLE, account_key(schema, "a1"), "username", "ada2"),
            templates.delete_account(schema, TABLE, account),
            templates.claim_missing_lock(schema, TABLE, account, "email"),
            templates.release_orphan_lock(schema, TABLE, lock,
                                          templates.OwnerRead(account_key(schema, "b2"), None)),
            templates.resolve_duplicate(schema, TABLE, account, other, "email")]
    assert [c["TransactItems"] for c in client.calls] == [t.to_request()["TransactItems"] for t in want]
    assert len({c["ClientRequestToken"] for c in client.calls}) == len(want)  # one per call


@pytest.mark.parametrize(("codes", "error", "attributes"), [
    (("None", "ConditionalCheckFailed", "None"), "ValueTakenError",
     {"field": "email", "value": "ada@x.io", "taken": {"email": "ada@x.io"}}),
    (("None", "ConditionalCheckFailed", "ConditionalCheckFailed"), "ValueTakenError",
     {"field": "email", "taken": {"email": "ada@x.io", "username": "ada"}}),
    (("ConditionalCheckFailed", "None", "None"), "AccountExistsError", {"account_id": "a1"}),
    (("ValidationError", "None", "None"), "TransactionRefusedError", {"codes": ["ValidationError"]}),
])
def test_cancellation_reasons_become_typed_errors(article: ModuleType, codes: tuple[str, ...],
                                                  error: str, attributes: dict[str, Any]) -> None:
    client = Recorder(cancelled(*codes))
    with pytest.raises(getattr(article, error)) as raised:
        article.sign_up(client, email="ada@x.io", username="ada", account_id="a1")
    assert isinstance(raised.value, article.UniquenessError)
    for name, value in attributes.items():
        assert getattr(raised.value, name) == value
    assert len(client.calls) == 1  # a refusal is final: no retry


def test_other_failures_name_their_field(article: ModuleType) -> None:
    with pytest.raises(article.LockMissingError) as missing:
        article.change_email(Recorder(cancelled("None", "ConditionalCheckFailed", "None")),
                             account_id="a1", current_email="old@x.io", new_email="new@x.io")
    assert (missing.value.field, missing.value.value) == ("email", "old@x.io")
    with pytest.raises(article.AccountChangedError) as changed:
        article.change_email(Recorder(cancelled("None", "None", "ConditionalCheckFailed")),
                             account_id="a1", current_email="old@x.io", new_email="new@x.io")
    assert (changed.value.account_id, changed.value.field) == ("a1", "email")
    # A stale current value fails both the old lock's delete and the account's guard: the
    # cause (the account changed) is said, not its symptom.
    with pytest.raises(article.AccountChangedError):
        article.change_email(Recorder(cancelled("None", "ConditionalCheckFailed", "ConditionalCheckFailed")),
                             account_id="a1", current_email="old@x.io", new_email="new@x.io")
    with pytest.raises(article.StillHeldError) as held:
        article.release_email_lock(Recorder(cancelled("None", "ConditionalCheckFailed")),
                                   email="old@x.io", former_owner_id="b2")
    assert (held.value.field, held.value.value, held.value.account_id) == ("email", "old@x.io", "b2")


def test_conflicts_are_retried_under_one_token_then_given_up(article: ModuleType,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(article.time, "sleep", lambda _s: None)
    in_progress = ClientError({"Error": {"Code": "TransactionInProgressException", "Message": ""}},
                              "TransactWriteItems")
    client = Recorder(cancelled("None", "TransactionConflict", "None"), in_progress,
                      cancelled("ThrottlingError", "None", "None"))
    article.sign_up(client, email="ada@x.io", username="ada", account_id="a1")
    assert len(client.calls) == 4
    assert len({c["ClientRequestToken"] for c in client.calls}) == 1
    assert all(c == client.calls[0] for c in client.calls)

    always = Recorder(*[cancelled("None", "TransactionConflict", "None")] * 3)
    with pytest.raises(article.ContentionError) as gave_up:
        article.sign_up(always, email="ada@x.io", username="ada", max_attempts=3)
    assert gave_up.value.fields == ("email",) and len(always.calls) == 3
    # An error that is not a cancellation is the caller's to see, unretried.
    denied = Recorder(ClientError({"Error": {"Code": "AccessDeniedException", "Message": "no"}},
                                  "TransactWriteItems"))
    with pytest.raises(ClientError, match="AccessDenied"):
        article.sign_up(denied, email="ada@x.io", username="ada")
    assert len(denied.calls) == 1


def test_new_values_are_refused_before_anything_is_sent(tmp_path: Path) -> None:
    module = load(module_code(every_mode(), TABLE, lang="python"), tmp_path)
    client = Recorder()
    cases: list[tuple[dict[str, str], str, str]] = [
        ({"r0": "  ", "r1": "b", "r2": "c", "r3": "d"}, "r0", "empty"),
        ({"r0": "a", "r1": " b", "r2": "c", "r3": "d"}, "r1", "spaces"),
        ({"r0": "a", "r1": "b", "r2": "c", "r3": "\u200b\u200d"}, "r3", "nothing of it is left"),
    ]
    for values, field, reason in cases:
        with pytest.raises(module.InvalidValueError, match=reason) as refused:
            module.sign_up(client, **values)
        assert refused.value.field == field
    # A trimming rule takes the spaces off instead.
    module.sign_up(client, r0="a", r1="b", r2="  C ", r3=" D ")
    assert client.calls[0]["TransactItems"][3]["Put"]["Item"]["PK"] == {"S": "UNIQ#R2#c"}
    with pytest.raises(module.InvalidValueError, match="nothing would change"):
        module.change_r1(client, account_id="a1", current_r1="Ada", new_r1="Ada")
    assert len(client.calls) == 1
    # A new spelling of the same lock: the account alone changes, guarded; the lock stays.
    module.change_r1(client, account_id="a1", current_r1="Ada", new_r1="ADA")
    assert len(client.calls) == 2
    assert [list(item) for item in client.calls[1]["TransactItems"]] == [["Update"]]


def normalisation_corpus() -> list[str]:
    """Hostile strings, case and normalisation traps, and every assigned code point framed by
    spaces and letters."""
    import unicodedata

    corpus = [*HOSTILE, "", " ", "ΑΣ", "ΌΣΟΣ Σ", "İstanbul", "ǅ", "ß ẞ ﬁ ŉ", "Ａｄａ@Ｘ.ｉｏ",
              "jose\u0301", "ꭰᏸ", "a\u200bb\u00adc\ufeffd", "\u1680\u2000 \x1c\x85x\u3000",
              "\ufeffbom\ufeff", "\U0001d400\U0001d7ce"]
    corpus += [f" x{chr(c)}Y\t" for c in range(0x110000)
               if not 0xD800 <= c <= 0xDFFF and unicodedata.category(chr(c)) != "Cn"]
    return corpus


def test_normalisers_equal_forms_normalise(tmp_path: Path) -> None:
    module = load(module_code(every_mode(), TABLE, lang="python"), tmp_path)
    functions: dict[str, Callable[[str], str]] = {mode: getattr(module, f"normalise_r{i}")
                                                  for i, mode in enumerate(NORMALISATIONS)}
    for text in normalisation_corpus():
        for mode, function in functions.items():
            assert function(text) == normalise(text, mode), (mode, text)


def test_hostile_names_stay_data(tmp_path: Path) -> None:
    canary = tmp_path / "canary"
    schema = hostile_schema(str(canary))
    module = load(module_code(schema, "table'\"; import os", lang="python"), tmp_path / "gen")
    assert not canary.exists() and not (tmp_path / SHELL_CANARY).exists()
    assert module.TABLE_NAME == "table'\"; import os"
    assert typing.get_args(module.Field) == tuple(r.name for r in schema.rules)
    client = Recorder()
    module.sign_up(client, account_id="x", class_value="Ａda", nul_byte="b", e_mail="c")
    item = sign_up_account(schema, "x", {"class": "Ａda", HOSTILE[4]: "b", "E mail": "c"})
    want = templates.sign_up(schema, "table'\"; import os", item).to_request()["TransactItems"]
    assert client.calls[0]["TransactItems"] == want
    assert not canary.exists()


def test_rule_names_never_shadow_the_modules_own_names(tmp_path: Path) -> None:
    module = load(module_code(collisions(), TABLE, lang="python"), tmp_path)
    client = Recorder()
    values = {"email": "e", "new_value_value": "n", "normalise_email_value": "z", "str_value": "s",
              "items_value": "i", "client_value": "c", "email_key_value": "k",
              "table_name_value": "t", "max_attempts_value": "m", "account_id_value": "a",
              "uuid_value": "u"}
    assert uuid.UUID(module.sign_up(client, **values))
    locks = [a["Put"]["Item"]["PK"]["S"] for a in client.calls[0]["TransactItems"][1:]]
    assert locks == [f"UNIQ#{i}#{v}" for i, v in enumerate(values.values())]


def test_every_mode_module_uses_only_the_helpers_it_needs() -> None:
    plain = module_code(article_schema(), TABLE, lang="python")
    assert "unicodedata" not in plain and "_IGNORABLE" not in plain
    folded = module_code(every_mode(), TABLE, lang="python")
    assert "import unicodedata" in folded and "_IGNORABLE_RANGES" in folded
