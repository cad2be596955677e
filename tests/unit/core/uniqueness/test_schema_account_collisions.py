"""The schema file refuses, for the CLI as for the window's editor, a lock key that can be an
account's key and an empty sort key value, each at its field."""

from __future__ import annotations

import json
from typing import Any

import pytest

from dynoview.core.uniqueness.presets import PRESETS
from dynoview.core.uniqueness.schema import SchemaError, article_schema
from dynoview.core.uniqueness.schema_file import schema_from_json, schema_to_text


def _article(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(schema_to_text(article_schema()))
    data.update(changes)
    return data


def test_a_lock_rule_spelling_account_keys_is_refused_at_its_template() -> None:
    data = _article()
    data["rules"][1]["pk_template"] = "ACCT#{value}"
    data["rules"][1]["sk_value"] = "PROFILE"
    with pytest.raises(SchemaError) as err:
        schema_from_json(data)
    assert err.value.location == "rules[1].pk_template"
    assert "can be account keys" in err.value.message


def test_a_different_sort_key_tells_locks_from_accounts() -> None:
    data = _article()
    data["rules"][1]["pk_template"] = "ACCT#{value}"  # sk_value LOCK, accounts PROFILE
    assert schema_from_json(data).rules[1].pk_template == "ACCT#{value}"


def test_empty_sort_key_values_are_refused() -> None:
    with pytest.raises(SchemaError) as err:
        schema_from_json(_article(account_sk_value=""))
    assert err.value.location == "account_sk_value"
    data = _article()
    data["rules"][0]["sk_value"] = ""
    with pytest.raises(SchemaError) as err:
        schema_from_json(data)
    assert err.value.location == "rules[0].sk_value"


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.name)
@pytest.mark.parametrize("sk_name", ["SK", None])
def test_every_preset_still_loads(preset: Any, sk_name: str | None) -> None:
    if preset.needs_sk and sk_name is None:
        pytest.skip("its markers need a sort key")
    schema = preset.build(sk_name=sk_name, attributes=("email", "username"))
    assert schema_from_json(json.loads(schema_to_text(schema))) == schema
