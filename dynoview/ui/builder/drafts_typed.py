"""What a draft keeps of the action editors' text that the built request cannot hold yet.

A value that does not parse (an M value still missing its closing brace, an N value typed as
``12,50``), a row without a name, raw expression maps that are not JSON yet: the editor builds
the action without them (only valid values go to DynamoDB), so the request a draft holds lacks
them. ``typed_entries`` keeps, beside that request, each such editor's rows and raw texts exactly
as typed (JSON, one entry per action index, None for an action whose fields all built);
``apply_typed`` puts them back into the editors after the request is loaded (a restore, an
opened draft). Entries are read defensively: a damaged one is skipped, never an error.
"""

from __future__ import annotations

from typing import Any

from dynoview.core.tx.expressions import ConditionRow, UpdateRow
from dynoview.core.tx.model import Action
from dynoview.ui.builder.editors import ActionEditor, fill_condition_row, fill_update_row

Typed = tuple[dict[str, Any] | None, ...]


def _input_problems(editor: ActionEditor, index: int) -> bool:
    """Whether the editor's fields hold text its action leaves out (built silently: in rows
    mode a build shows the raw texts again, which must not count as an edit)."""
    blocked = editor.blockSignals(True)
    try:
        return bool(editor.build(index)[1])
    finally:
        editor.blockSignals(blocked)


def typed_state(editor: ActionEditor) -> dict[str, Any]:
    """The editor's rows and raw texts as typed (JSON)."""
    return {
        "item": [list(row) for row in editor.item.typed_rows()],
        "key": [list(row) for row in (*editor._key_rows(), *editor._key_stash)],
        "raw": editor.raw_mode.isChecked(),
        "texts": [editor.update_raw.text(), editor.condition_raw.text(), editor.names_raw.toPlainText(),
                  editor.values_raw.toPlainText()],
        "update_rows": [[r.clause, r.path, r.form, r.code, r.value] for r in editor.update_row_data()],
        "condition_rows": [[r.path, r.op, r.code, r.value, r.join, r.negate]
                           for r in editor.condition_row_data()],
    }


def typed_entries(editors: list[ActionEditor]) -> Typed:
    """One entry per editor: its typed state when some of it is not in the built action, else
    None; () when every editor's fields built."""
    entries = tuple(typed_state(e) if _input_problems(e, i) else None for i, e in enumerate(editors))
    return entries if any(entry is not None for entry in entries) else ()


def _rows(value: Any, width: int, last_bool: bool = False) -> list[list[Any]] | None:
    """``value`` as rows of ``width`` texts (the last one a bool if ``last_bool``); None if not."""
    if not isinstance(value, list):
        return None
    for row in value:
        if not isinstance(row, list) or len(row) != width:
            return None
        texts = row[:-1] if last_bool else row
        if not all(isinstance(t, str) for t in texts) or (last_bool and not isinstance(row[-1], bool)):
            return None
    return value


def apply_typed(editors: list[ActionEditor], typed: Typed) -> None:
    """Put each entry's typed text back into the editor of its index (after ``load``)."""
    for editor, state in zip(editors, typed, strict=False):
        if isinstance(state, dict):
            _apply(editor, state)


def _apply(editor: ActionEditor, state: dict[str, Any]) -> None:
    editor.blockSignals(True)
    try:
        item = _rows(state.get("item"), 3)
        if item is not None:
            editor.item.set_values({})
            for name, code, text in item:
                editor.item.add_text_row(name, code, text)
        key = _rows(state.get("key"), 3)
        if key is not None:
            editor._show_key([(name, code, text) for name, code, text in key], [])
        update_rows, condition_rows = _rows(state.get("update_rows"), 5), _rows(
            state.get("condition_rows"), 6, last_bool=True)
        if update_rows is not None:
            editor.update_rows.clear()
            for row in update_rows:
                fill_update_row(editor.update_rows.add_row(), UpdateRow(*row))
        if condition_rows is not None:
            editor.condition_rows.clear()
            for row in condition_rows:
                fill_condition_row(editor.condition_rows.add_row(), ConditionRow(*row))
        texts = state.get("texts")
        if state.get("raw") is False and update_rows is not None and condition_rows is not None:
            # The raw fields show what the rows build, so leaving raw mode keeps the rows.
            editor._build_rows(0, Action(kind=editor.kind.currentText(), table=""), [])
            editor.raw_mode.setChecked(False)
        elif isinstance(texts, list) and len(texts) == 4 and all(isinstance(t, str) for t in texts):
            editor.raw_mode.setChecked(True)
            editor.update_raw.setText(texts[0])
            editor.condition_raw.setText(texts[1])
            editor.names_raw.setPlainText(texts[2])
            editor.values_raw.setPlainText(texts[3])
    finally:
        editor.blockSignals(False)
    editor.changed.emit()
