"""A request loaded into the builder from inside the app (another panel, a draft, an undo
snapshot, an import) gets the same value checks as typed values: each refusal DynamoDB would
give is shown at its action and field before anything is sent, on every load path."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.tx.model import Transaction
from dynoview.core.values.dynamodb_json import to_dynamodb_json
from dynoview.ui.builder import BuilderPanel
from tests.integration.test_tx_loaded_values import REFUSED, VALID, put_request

pytestmark = pytest.mark.gui
# How each load path hands the request over: memory form (the window's panels, router),
# DynamoDB JSON (drafts, undo, Import JSON), told from the values, or a Transaction.
MODES = {"memory": False, "dynamodb-json": True, "guessed": None}


@pytest.fixture
def panel(builder_panel: BuilderPanel) -> BuilderPanel:
    return builder_panel


def _load(panel: BuilderPanel, request: dict[str, Any], mode: str) -> bool:
    if mode == "transaction":
        return panel.load_request(Transaction.from_request(request))
    if mode == "dynamodb-json":  # as a draft holds it: binary as base64 text
        put = request["TransactItems"][0]["Put"]
        request = {"TransactItems": [{"Put": put | {"Item": {
            k: to_dynamodb_json(v) for k, v in put["Item"].items()}}}]}
    return panel.load_request(request, dynamodb_json=MODES[mode])


@pytest.mark.parametrize("mode", ["memory", "guessed", "transaction"])
@pytest.mark.parametrize("name", [n for n in REFUSED if REFUSED[n][0] != "B"])
def test_a_loaded_value_dynamodb_refuses_is_shown_at_its_field_and_blocks_send(
        panel: BuilderPanel, seeded_table: str, mode: str, name: str) -> None:
    field, av = REFUSED[name][1], REFUSED[name][2]
    assert _load(panel, put_request(seeded_table, field, av), mode)
    errors = [(p.index, p.field) for p in panel.problems if p.is_error]
    assert errors and errors[0][0] == 0 and errors[0][1].startswith(f"item.{field}"), panel.problems
    assert not panel.execute_button.isEnabled()


@pytest.mark.parametrize("mode", ["memory", "transaction"])
def test_a_binary_held_as_text_in_memory_form_is_refused_at_its_field_not_a_crash(
        panel: BuilderPanel, seeded_table: str, mode: str) -> None:
    request = put_request(seeded_table, "blob", {"B": "not base64!"})
    if mode == "transaction":
        with pytest.raises(Exception, match=r"Action 1 › Item › blob: A binary value here must be bytes"):
            Transaction.from_request(request)
        return
    assert not panel.load_request(request, dynamodb_json=False)
    assert "Action 1 › Item › blob: A binary value here must be bytes" in panel.status.text()


@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize("name", list(VALID))
def test_valid_edge_values_load_clean_on_every_path(
        panel: BuilderPanel, seeded_table: str, mode: str, name: str) -> None:
    field, av = VALID[name]
    assert _load(panel, put_request(seeded_table, field, av), mode)
    assert panel.problems == []
    assert panel.execute_button.isEnabled()
