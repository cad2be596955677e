"""Two speed-ups of moto's DynamoDB for the demo, each with the same answers and behaviour.

``TransactWriteItems`` in moto first deep-copies each table the transaction writes, to roll
back on failure, but it copies the table again for every item written to it: a signup (an
account and two locks) copied the whole table, stream records included, three times. The
demo seeds 14 transactions on the app's start-up path (the first rows wait for them), where
these copies were over a third of the seeding's time. Here the transaction takes one copy of
each table: the same snapshot, as nothing is written before the copies are all taken.

moto's JSON answers are built by walking the service model, and each member of a structure is
looked up under every alias moto knows (the shape's name, snake_case, prefixes): for an item
attribute, ten members of ``AttributeValue`` tried several ways each, to find the one it
holds. The first Scan of the demo's 63 accounts spent about 0.1 s there, on the way to the
window's first rows. Here an ``AttributeValue`` given as a plain dict of DynamoDB's own member
names (what moto's DynamoDB models give) is read by those names; each value it holds is then
serialized by moto as before.

The demo's child goes one step further for its own seeding: a transaction sent with the seed's
token (``SEED_HEADER``, known to the child alone) takes no copy at all. A seeding transaction
that failed would leave its first writes in place, but the child then reports the failure and
exits with its endpoint (``process.serve``), so no one ever reads that state; on success, what
it writes is what a copying transaction writes. Every other request copies as above.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import threading
from collections.abc import Iterator, Mapping
from typing import Any

_PATCHED = "_dynoview_one_copy_per_table"
_taken = threading.local()  # the tables copied by this thread's transaction, while it runs
#: The header the demo's child seeds with: its value is the token ``trust_seeder`` was given.
SEED_HEADER = "X-DynoView-Seed"
_seed_token: str | None = None


class _CopyModule:
    """moto's DynamoDB models' ``copy`` module, whose ``deepcopy`` copies a table once per
    transaction (every other object as ``copy.deepcopy`` does)."""

    def __init__(self, table_type: type) -> None:
        self._table_type = table_type

    def __getattr__(self, name: str) -> Any:
        return getattr(copy, name)

    def deepcopy(self, value: Any, memo: dict[int, Any] | None = None) -> Any:
        copies: dict[int, Any] | None = getattr(_taken, "tables", None)
        if copies is None or not isinstance(value, self._table_type):
            return copy.deepcopy(value, memo)
        if getattr(_taken, "uncopied", False):
            return value  # the seed's own transaction: no roll-back wanted (see above)
        if id(value) not in copies:  # the table outlives the transaction: its id is stable
            copies[id(value)] = copy.deepcopy(value, memo)
        return copies[id(value)]


def copy_each_table_once() -> None:
    """Install the speed-up in moto's DynamoDB backend (idempotent)."""
    from moto.dynamodb import models
    from moto.dynamodb.models.table import Table

    backend = models.DynamoDBBackend
    if getattr(backend, _PATCHED, False) or getattr(models, "copy", None) is not copy:
        return  # done already, or moto no longer copies this way: leave it as it is
    original = backend.transact_write_items

    @functools.wraps(original)
    def transact_write_items(self: Any, transact_items: list[dict[str, Any]]) -> None:
        _taken.tables = {}
        try:
            original(self, transact_items)
        finally:
            _taken.tables = None

    models.copy = _CopyModule(Table)  # type: ignore[assignment]
    backend.transact_write_items = transact_write_items  # type: ignore[method-assign]
    setattr(backend, _PATCHED, True)


def _serialize_type_structure(original: Any) -> Any:
    """moto's JSON serializer's structure method, reading an ``AttributeValue`` dict by name."""

    @functools.wraps(original)
    def serialize(self: Any, serialized: Any, value: Any, shape: Any, key: str) -> None:
        members = shape.members if shape.name == "AttributeValue" else None
        if (not key or members is None or not isinstance(value, dict) or not value.keys() <= members.keys()
                or getattr(self._value_picker, "response_transformers", None)):
            original(self, serialized, value, shape, key)  # anything else: moto's own lookup
            return
        wrapper = self.MAP_TYPE()
        for member_key, member_shape in members.items():
            member_shape.parent = shape  # as moto sets it, for the members' own aliases
            member_value = value.get(member_key)
            if member_value is not None:
                self._serialize(wrapper, member_value, member_shape, member_key)
        self._default_serialize(serialized, wrapper, shape, key)

    return serialize


def serialize_attribute_values_by_name() -> None:
    """Install the second speed-up in moto's JSON serializer (idempotent)."""
    from moto.core.serialize import BaseJSONSerializer

    if getattr(BaseJSONSerializer, _PATCHED, False):
        return
    BaseJSONSerializer._serialize_type_structure = _serialize_type_structure(  # type: ignore[method-assign]
        BaseJSONSerializer._serialize_type_structure)
    setattr(BaseJSONSerializer, _PATCHED, True)


class _Untracked(list[Any]):
    """An ``instances_tracked`` that keeps nothing: moto lists every model object it ever made
    (each Scan's copies of the items too) for its dashboard, which no endpoint here shows, and
    never lets them go: the demo grew with every read."""

    def append(self, _instance: Any) -> None:
        return None


def untrack_dynamodb_models() -> None:
    """Stop moto keeping every DynamoDB and Streams model object it makes (idempotent)."""
    import moto.dynamodb.models  # noqa: F401 - its model classes register as they are defined
    from moto.core.model_instances import model_data

    for service in ("dynamodb", "dynamodbstreams"):
        for model in model_data.get(service, {}).values():
            if not isinstance(getattr(model, "instances_tracked", None), _Untracked):
                model.instances_tracked = _Untracked()  # type: ignore[attr-defined]


def install() -> None:
    """The speed-ups, and moto's model tracking off (idempotent)."""
    copy_each_table_once()
    serialize_attribute_values_by_name()
    untrack_dynamodb_models()


def trust_seeder(token: str | None) -> None:
    """Requests carrying ``token`` in ``SEED_HEADER`` are the seed's (None: no request is)."""
    global _seed_token
    _seed_token = token


def from_seeder(environ: Mapping[str, Any]) -> bool:
    """Whether this WSGI request carries the seed's token."""
    key = "HTTP_" + SEED_HEADER.upper().replace("-", "_")
    return _seed_token is not None and environ.get(key) == _seed_token


@contextlib.contextmanager
def without_copies() -> Iterator[None]:
    """This thread's transactions take no roll-back copy while inside (the seed's requests)."""
    _taken.uncopied = True
    try:
        yield
    finally:
        _taken.uncopied = False
