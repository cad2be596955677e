"""The staged set as ONE guarded TransactWriteItems, built with the builder's model.

Each edited item is one Update: SET for each staged value, REMOVE for each removed attribute,
and a ConditionExpression that the item still exists and still holds every edited attribute's
value as the user saw it (``attribute_not_exists`` where it had none). A change made by someone
else between staging and sending cancels the whole transaction instead of being overwritten.

An account whose protected value (a schema rule's attribute) changes gets that rule's change
template around its Update, as ``tx.templates.change_value`` and ``edit_account`` build it: the
new lock Put only where none exists, the old one Deleted while it exists, in the same
transaction, so the account and its locks never disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from dynoview.core.edits.staging import EditError, ItemEdits, StagedEdits, check_cell, key_id
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx.item_writes import guarded_update
from dynoview.core.tx.model import MAX_ACTIONS, Action, Transaction
from dynoview.core.tx.template_inputs import protected_changes
from dynoview.core.tx.template_releases import noted, release_held
from dynoview.core.tx.templates import guarded_attributes, lock_put
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema

#: The uniqueness schema of a table, by its name (None: no schema, plain guarded Updates).
SchemaOf = Callable[[str], UniquenessSchema | None]


def item_update(edits: ItemEdits, key_names: tuple[str, ...], moved: list[LockRule] | None = None) -> Action:
    """The item's Update, guarded on every edited attribute's value as seen (the builder the
    Edit as JSON template uses too: ``tx.item_writes.guarded_update``) and, as ``edit_account``
    does, on the attributes the ``moved`` rules' locks are keyed by (a scope's tenantId): a
    lock written for a tenant the account left since would be an orphan, its value unlocked."""
    changed = ", ".join(c.attribute for c in edits.cells)
    edited, before = {c.attribute for c in edits.cells}, edits.before()
    held = {n: before.get(n) for n in guarded_attributes(moved or [])
            if n not in edited and n not in key_names}
    return guarded_update(edits.table, edits.key, key_names, edits.cells, held=held,
                          label=f"staged edit: {changed}")


def item_actions(edits: ItemEdits, key_names: tuple[str, ...],
                 schema: UniquenessSchema | None) -> list[Action]:
    """The item's Update, preceded by the lock moves its protected values need (no Delete of an
    old lock that cannot exist, its key over DynamoDB's limit: the Update's label says so)."""
    actions: list[Action] = []
    moved: list[LockRule] = []
    notes: list[str] = []
    if schema is not None:
        for change in protected_changes(schema, edits.before(), edits.after()):
            # The lock values: a scoped rule's forms (its scope moves with a tenantId edit).
            moved.append(change.rule)
            if change.new_lock is not None:
                actions.append(lock_put(schema, edits.table, change.rule, change.new_lock))
            if change.old_lock is not None:
                release, note = release_held(schema, edits.table, change.rule, change.old_lock)
                actions += [release] if release is not None else []
                notes += [note] if note is not None else []
    actions.append(noted(item_update(edits, key_names, moved), notes))
    return actions


def build_transaction(staged: StagedEdits, tables: Mapping[str, TableInfo],
                      schema: UniquenessSchema | SchemaOf | None = None) -> Transaction:
    """The one transaction that writes every staged cell; ``EditError`` (located at the cell)
    when a cell cannot go as staged: its table is not open, its value is refused now (the
    schema changed since), two edits would touch one item (two accounts moving to one lock),
    or more than 100 actions. ``schema``: one for every table, or each table's by its name
    (a set staged in several Items tabs spans tables with rules of their own)."""
    actions: list[Action] = []
    touched: dict[str, str] = {}
    for edits in staged:
        info = tables.get(edits.table)
        first = edits.cells[0].attribute if edits.cells else ""
        if info is None:
            raise EditError(f"The table {edits.table} is not open on this connection; open it, or "
                            "discard these changes.", edits.table, edits.key, first)
        own = schema(edits.table) if callable(schema) else schema
        for cell in edits.cells:
            problem = check_cell(info, own, edits.before(), cell.attribute, cell.new, cell.old)
            if problem is not None:
                raise EditError(problem, edits.table, edits.key, cell.attribute)
        for action in item_actions(edits, info.key_names, own):
            target = key_id(action.table, action.target_key(info.key_names))
            if target in touched:
                raise EditError(f"This edit and the one of {touched[target]} both write the item "
                                f"{action.summary()}; DynamoDB allows one action per item in a "
                                "transaction. Discard one of them.", edits.table, edits.key, first)
            touched[target] = ", ".join(str(next(iter(v.values()))) for v in edits.key.values())
            actions.append(action)
    if len(actions) > MAX_ACTIONS:
        raise EditError(f"The staged changes need {len(actions)} actions and one transaction holds "
                        f"at most {MAX_ACTIONS}: review and send part of them, then the rest.")
    return Transaction(actions=actions)
