"""The staged set: per item (table and primary key), each edited attribute's value as the user
saw it and the value staged for it (None: removed). Nothing here writes; ``transaction`` turns
the set into one guarded TransactWriteItems.

A value typed in a cell is parsed with ``values.user_text.parse_value`` (the parser the edit
dialog and the builder use) and checked where a cell edit can be wrong before anything is sent:
a key attribute (the item's identity: Edit as JSON… moves an item), an index key's declared
type, an account's protected value (``tx.template_inputs.check_value``), and what DynamoDB
refuses in the item the value makes (a map with an empty key, an item over 400 KB), checked as
Edit as JSON… checks a whole item (``item_problem``: the builder's validation of a Put). A
refusal is an ``EditError`` located at the cell; nothing is staged.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any

from dynoview.core.errors import InputError
from dynoview.core.expressions.lexer import ExpressionSyntaxError
from dynoview.core.expressions.nodes import Path, Value
from dynoview.core.expressions.parser import parse_update
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx.model import PUT, UPDATE, Action, Problem, Transaction
from dynoview.core.tx.template_inputs import check_value
from dynoview.core.tx.templates import lock_value
from dynoview.core.tx.validation import validate
from dynoview.core.uniqueness.schema import UniquenessSchema, protected_text
from dynoview.core.values.dynamodb_json import to_dynamodb_json
from dynoview.core.values.equality import values_equal
from dynoview.core.values.types import ValueParseError, type_code
from dynoview.core.values.user_text import parse_value

#: Stagings kept for Undo (each keeps the whole set as it was: sets are small).
UNDO_DEPTH = 100
Item = dict[str, Any]


def key_text(key: Mapping[str, Any]) -> str:
    """``PK=ACCT#1, SK=PROFILE``: a key as people read it."""
    parts = []
    for name, av in key.items():
        member = next(iter(av.values())) if isinstance(av, Mapping) and len(av) == 1 else av
        parts.append(f"{name}={member if isinstance(member, str) else json.dumps(to_dynamodb_json(av))}")
    return ", ".join(parts)


def key_id(table: str, key: Mapping[str, Any]) -> str:
    """One string per item (table and key), to find its staged cells."""
    body = {name: to_dynamodb_json(av) for name, av in sorted(key.items())}
    return json.dumps([table, body], sort_keys=True, ensure_ascii=False)


class EditError(InputError):
    """A cell edit that cannot be staged, with the item and attribute it is about."""

    def __init__(self, message: str, table: str = "", key: Mapping[str, Any] | None = None,
                 attribute: str = "") -> None:
        self.message = message
        self.table = table
        self.key = dict(key or {})
        self.attribute = attribute
        self.field = attribute or None
        super().__init__(message)

    def location(self) -> str:
        """``ACCT#1 / PROFILE › email``: where the cell is, as the status line says it."""
        where = " / ".join(str(next(iter(av.values()))) for av in self.key.values()
                           if isinstance(av, Mapping) and len(av) == 1)
        return " › ".join(part for part in (where, self.attribute) if part)

    def sentence(self) -> str:
        where = self.location()
        return f"Not staged at {where}: {self.message}" if where else f"Not staged: {self.message}"


@dataclass(frozen=True)
class CellChange:
    """One attribute of one item: the value seen (None: absent) and the value staged (None:
    the attribute is removed)."""

    attribute: str
    old: Item | None
    new: Item | None

    @property
    def kind(self) -> str:
        """"add", "remove" or "change"."""
        if self.old is None:
            return "add"
        return "remove" if self.new is None else "change"


@dataclass(frozen=True)
class ItemEdits:
    """The staged cells of one item, in the order they were first staged. ``seen`` is the item
    as it was shown when its first cell was staged (what the protected values are read from)."""

    table: str
    key: Item
    seen: Item
    cells: tuple[CellChange, ...]

    @property
    def id(self) -> str:
        return key_id(self.table, self.key)

    def cell(self, attribute: str) -> CellChange | None:
        return next((c for c in self.cells if c.attribute == attribute), None)

    def before(self) -> Item:
        """The item as the guards expect it: what was seen, each edited cell as it was."""
        item = dict(self.seen)
        for cell in self.cells:
            if cell.old is None:
                item.pop(cell.attribute, None)
            else:
                item[cell.attribute] = cell.old
        return item

    def after(self) -> Item:
        """The item once the staged cells are written."""
        item = self.before()
        for cell in self.cells:
            if cell.new is None:
                item.pop(cell.attribute, None)
            else:
                item[cell.attribute] = cell.new
        return item


def _same(a: Item | None, b: Item | None) -> bool:
    if a is None or b is None:
        return a is None and b is None
    return values_equal(a, b)


def check_cell(info: TableInfo, schema: UniquenessSchema | None, item: Mapping[str, Any],
               attribute: str, new: Item | None, old: Item | None) -> str | None:
    """Why ``new`` cannot be staged for ``attribute`` of ``item`` (a sentence), or None."""
    if attribute in info.key_names:
        return (f"{attribute} is part of the table's key: it names the item, so it is not edited "
                "in a cell. Use Edit as JSON… to move the item to another key.")
    declared = info.attribute_types.get(attribute)
    if new is not None and declared is not None:
        code = type_code(new)
        if code != declared:
            return (f"{attribute} is a key of an index of this table, declared as {declared}: "
                    f"a value of type {code} would be refused. Type a value of type {declared}, "
                    "or remove the attribute.")
        if code in ("S", "B") and not new[code]:
            return f"{attribute} is a key of an index, and DynamoDB refuses an empty key value."
    if schema is None or not schema.is_account(item):
        return None
    rule = next((r for r in schema.rules if r.attribute == attribute), None)
    if rule is None or new is None:
        return None
    text = protected_text(new)
    if text is None or type_code(new) != "S":
        return (f"{attribute} is a protected value (its {rule.name} lock is keyed on it): give it "
                "a text (S) value, or remove it to release the lock.")
    current = protected_text(old)
    # A scoped rule's lock is in the item's scope (tenantId): ``lock_value`` names it.
    if current is not None and rule.lock_pk(lock_value(rule, item, current)) == rule.lock_pk(
            lock_value(rule, item, text)):
        return None  # the lock does not move (case under a lowercase rule): a plain edit
    check = check_value(rule, text, current, account=item)
    return check.error


#: The table an item is checked for when its table is not known: a valid name that no key
#: schema comes with, so only the checks that need none run (names, size, values).
ANY_TABLE = "table"


def item_problem(item: Mapping[str, Any], info: TableInfo | None) -> Problem | None:
    """The first reason DynamoDB would refuse ``item`` written to its table (a key missing, empty
    or over its byte limit, an attribute name empty or over 64 KB, a map with an empty key, an
    item over 400 KB), or None: the builder's own checks of a Put, run before an edit is staged
    or handed to it."""
    table = info.name if info is not None else ANY_TABLE
    tables = {info.name: info} if info is not None else {}
    problems = validate(Transaction([Action(PUT, table, item=dict(item))]), tables)
    return next((p for p in problems if p.is_error and p.field.split(".", 1)[0] == "item"), None)


def _refusal_at(problem: Problem, attribute: str) -> str:
    """The validator's sentence, with where in the value it is when deeper than the attribute
    (``item.prefs.theme`` for ``prefs``: "(at prefs.theme)")."""
    path = problem.field.removeprefix("item").removeprefix(".")
    return problem.message if path in ("", attribute) else f"{problem.message} (at {path})"


def written_values(action: Action) -> dict[str, Item | None]:
    """attribute -> the value ``action`` leaves in it (None: removed), where the request alone
    says it: a Put's item, an Update's ``SET a = :v`` and ``REMOVE a``. What it leaves depends
    on the item before (``a + :n``, ``if_not_exists``, ADD, a nested path) is left out: a cell
    is rebased only on a value this app is known to have written (``StagedEdits.settle``)."""
    if action.kind == PUT:
        return {name: copy.deepcopy(av) for name, av in action.item.items()}
    if action.kind != UPDATE:
        return {}
    try:
        tree = parse_update(action.update)
    except ExpressionSyntaxError:
        return {}

    def top(path: Path) -> str | None:
        first = path.elements[0] if len(path.elements) == 1 else None
        if not isinstance(first, str):
            return None
        return action.names.get(first) if first.startswith("#") else first

    out: dict[str, Item | None] = {}
    for step in tree.set:
        name = top(step.path)
        if name is not None and isinstance(step.value, Value) and step.value.name in action.values:
            out[name] = copy.deepcopy(action.values[step.value.name])
    for path in tree.remove:
        name = top(path)
        if name is not None:
            out[name] = None
    return out


#: Between a connection's name and where it points, in a staged set's connection label.
PLACE_SEPARATOR = " @ "


def same_connection(stored: str | None, current: str | None) -> bool:
    """Whether cells staged on the connection labelled ``stored`` belong to ``current``. A label
    is "name @ endpoint, region[, profile]" (``ui.items.staging``): command-line connections share
    names ("local" for every --endpoint-url), so the name alone sent a set staged on one endpoint
    or region to another. A set an older version saved names the connection alone: taken by it."""
    if stored is None or current is None or stored == current:
        return True
    return PLACE_SEPARATOR not in stored and current.startswith(stored + PLACE_SEPARATOR)


class StagedEdits:
    """The staged cells of one connection, with Undo of every change to them."""

    def __init__(self, connection: str | None = None, items: list[ItemEdits] | None = None) -> None:
        self.connection = connection
        self._items: dict[str, ItemEdits] = {i.id: i for i in items or []}
        self._undo: list[tuple[str | None, dict[str, ItemEdits]]] = []

    # ---------------------------------------------------------------- reading

    def __iter__(self) -> Iterator[ItemEdits]:
        return iter(list(self._items.values()))

    def __bool__(self) -> bool:
        return bool(self._items)

    @property
    def count(self) -> int:
        """Staged cells, over every item."""
        return sum(len(i.cells) for i in self._items.values())

    def item(self, table: str, key: Mapping[str, Any]) -> ItemEdits | None:
        return self._items.get(key_id(table, key))

    def cell(self, table: str, key: Mapping[str, Any], attribute: str) -> CellChange | None:
        edits = self.item(table, key)
        return edits.cell(attribute) if edits is not None else None

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    # ---------------------------------------------------------------- changing

    def forget_undo_of(self, written: Callable[[str, Mapping[str, Any]], bool]) -> bool:
        """A write of items no cell is staged on now (staged, then discarded, then sent from
        the builder): an undo that would stage again a change to one of them, which may be what
        was written, is dropped with the whole history. True if the history went."""
        if any(written(e.table, e.key) for _, items in self._undo for e in items.values()):
            self._undo.clear()
            return True
        return False

    def _remember(self) -> None:
        self._undo.append((self.connection, dict(self._items)))
        del self._undo[:-UNDO_DEPTH]

    def stage(self, info: TableInfo, item: Mapping[str, Any], attribute: str, new: Item | None, *,
              schema: UniquenessSchema | None = None, connection: str | None = None) -> CellChange | None:
        """Stage ``new`` (None: remove) for ``attribute`` of ``item`` as shown. Returns the
        staged change, or None when the value is the one seen (its staging is dropped).
        ``EditError`` (nothing staged) says why a value cannot be used."""
        key = info.key_of(dict(item))
        if len(key) != len(info.key_names):
            raise EditError("This row has no full primary key, so it cannot be edited.", info.name,
                            key, attribute)
        if self._items and connection is not None and not same_connection(self.connection, connection):
            raise EditError(f"The staged changes are for the connection {self.connection}: send or "
                            "discard them before staging changes on another one.", info.name, key,
                            attribute)
        current = self.item(info.name, key)
        existing = current.cell(attribute) if current is not None else None
        old = existing.old if existing is not None else copy.deepcopy(item.get(attribute))
        if new is None and old is None:
            raise EditError(f"{attribute} is not on this item: there is nothing to remove.",
                            info.name, key, attribute)
        seen = current.seen if current is not None else copy.deepcopy(dict(item))
        problem = check_cell(info, schema, seen, attribute, new, old)
        if problem is not None:
            raise EditError(problem, info.name, key, attribute)
        if existing is not None and _same(existing.new, new):
            return existing  # staged already (an editor that commits twice): no undo step
        if existing is None and _same(old, new):
            return None  # the value seen: nothing to stage
        if new is not None:  # a removal only shrinks the item
            after = ItemEdits(info.name, key, seen, tuple(
                c for c in (current.cells if current else ()) if c.attribute != attribute)).after()
            refused = item_problem({**after, attribute: new}, info)
            if refused is not None:
                raise EditError(_refusal_at(refused, attribute), info.name, key, attribute)
        self._remember()
        if connection is not None:
            self.connection = connection
        change = CellChange(attribute, old, copy.deepcopy(new))
        cells = [c for c in (current.cells if current else ()) if c.attribute != attribute]
        if _same(old, new):
            change_kept: CellChange | None = None  # back to the value seen: nothing to send
        else:
            change_kept = change
            at = next((i for i, c in enumerate(current.cells) if c.attribute == attribute),
                      len(cells)) if current else 0
            cells.insert(at, change)
        self._put(ItemEdits(info.name, key, seen, tuple(cells)))
        return change_kept

    def stage_text(self, info: TableInfo, item: Mapping[str, Any], attribute: str, code: str,
                   text: str, *, schema: UniquenessSchema | None = None,
                   connection: str | None = None) -> CellChange | None:
        """Parse what was typed in a cell as a ``code`` value (S, N, BOOL, NULL, SS, NS, BS, L,
        M, B) and stage it; a value that does not parse is an ``EditError`` at the cell."""
        key = info.key_of(dict(item))
        try:
            value = parse_value(code, text)
        except ValueParseError as exc:
            inner = f" (at {exc.path})" if exc.path else ""
            raise EditError(exc.message + inner, info.name, key, attribute) from None
        return self.stage(info, item, attribute, value, schema=schema, connection=connection)

    def _put(self, edits: ItemEdits) -> None:
        if edits.cells:
            self._items[edits.id] = edits
        else:
            self._items.pop(edits.id, None)

    def discard(self, table: str, key: Mapping[str, Any], attribute: str | None = None) -> bool:
        """Drop one staged cell (or, without ``attribute``, all of the item's)."""
        current = self.item(table, key)
        if current is None or (attribute is not None and current.cell(attribute) is None):
            return False
        self._remember()
        cells = () if attribute is None else tuple(c for c in current.cells if c.attribute != attribute)
        self._put(replace(current, cells=cells))
        return True

    def discard_all(self) -> bool:
        if not self._items:
            return False
        self._remember()
        self._items.clear()
        return True

    def undo(self) -> bool:
        """Back to the set as it was before its last change (a staging or a discard)."""
        if not self._undo:
            return False
        self.connection, self._items = self._undo.pop()
        return True

    def merged(self, other: StagedEdits) -> StagedEdits | None:
        """This set with ``other``'s cells added (a set another window left), as a new set
        without undo steps; None when they cannot go together: staged on another connection,
        or a cell staged in both with other values (neither is dropped for the other)."""
        if self and other and not same_connection(other.connection, self.connection) \
                and not same_connection(self.connection, other.connection):
            return None
        items = dict(self._items)
        for edits in other:
            current = items.get(edits.id)
            if current is None:
                items[edits.id] = edits
                continue
            cells = list(current.cells)
            for cell in edits.cells:
                have = current.cell(cell.attribute)
                if have is None:
                    cells.append(cell)
                elif not (_same(have.old, cell.old) and _same(have.new, cell.new)):
                    return None
            items[edits.id] = replace(current, cells=tuple(cells))
        mine_first = (self.connection, other.connection) if self else (other.connection, self.connection)
        result = StagedEdits(mine_first[0] or mine_first[1])
        result._items = items  # keyed already: ids are not worked out again for every merge
        return result

    def settle(self, table: str, key: Mapping[str, Any], now: Mapping[str, Any] | None,
               sent: Mapping[str, Item | None] | None = None) -> bool:
        """The table holds ``now`` for this item after a write: drop each staged cell whose value
        is there (not an undoable change: it was written), one by one, so a cell staged after the
        sent transaction was made stays staged and sendable. A cell staged again after that
        transaction was made, whose attribute it wrote (``sent``: attribute -> the value it set,
        ``written_values`` of the action this app wrote, as the table now holds it), is guarded
        from then on on that value, not on the one before (its guard would fail on the app's own
        write). A value nothing of this app sent never moves a guard. True if any cell changed."""
        current = self.item(table, key)
        if current is None or now is None:
            return False
        written = [c for c in current.cells if _same(c.new, now.get(c.attribute))]
        rebased = [c for c in current.cells if c not in written and sent is not None
                   and c.attribute in sent and _same(sent[c.attribute], now.get(c.attribute))
                   and not _same(c.old, now.get(c.attribute))]
        if not written and not rebased:
            return False
        # What the item holds now for the written cells: the guards and lock moves of the cells
        # left are worked out from it, not from the values before the write.
        seen = dict(current.seen)
        for cell in [*written, *rebased]:
            value = now.get(cell.attribute)
            if value is None:
                seen.pop(cell.attribute, None)
            else:
                seen[cell.attribute] = copy.deepcopy(value)
        gone = {c.attribute for c in written}
        moved = {c.attribute: now.get(c.attribute) for c in rebased}
        cells = tuple(replace(c, old=copy.deepcopy(moved[c.attribute])) if c.attribute in moved else c
                      for c in current.cells if c.attribute not in gone)
        self._put(replace(current, seen=seen, cells=cells))
        self._undo.clear()  # an undo would stage again what is written now
        return True
