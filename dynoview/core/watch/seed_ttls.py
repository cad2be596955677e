"""The TTLs still ahead in a seeding audit, so the watch can expire those items when they pass.

The audit's pairing keeps whether each item had expired when it was read, not when the others
will: without this, a lock whose TTL passes while watching a seeded table is never shown
EXPIRED (the next audit reports it). The pairing's hot loops run in worker processes and keep
no TTL, so the watch reads each Scan answer of its audit a second time, for its key and TTL
only: the page body is decoded in C by msgspec (every other attribute skipped, nothing built
for it) before the audit's own decoder takes it, and only the items whose TTL is not past are
kept, as plain text. After the audit the state classifies those few items by the one engine
(``WatchState.note_ttls``), which says which are accounts or locks and which TTLs are ahead.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from itertools import compress
from typing import Any

import msgspec
import orjson

from dynoview.core.reads.reader import Reader
from dynoview.core.ttl.expiry import expired_at

#: Items classified at a time after the audit (one small ``Pairing`` each).
CHUNK = 10_000


class _Value(msgspec.Struct, gc=False, frozen=True):
    S: str | None = None
    N: str | None = None


_MISSING = _Value()


@dataclass(frozen=True)
class TtlSource:
    """A table the audit reads: its key names and TTL attribute, as the state reads them."""

    table: str
    pk_name: str
    sk_name: str | None
    ttl_attribute: str


class SeedTtls:
    """Collects, from the audit's Scan answers, the items whose TTL is not past at ``now``."""

    def __init__(self, sources: list[TtlSource], now: float) -> None:
        self.now = now
        self._sources = {s.table: s for s in sources}
        self._decoders = {s.table: _decoder(s) for s in sources}
        self._table = threading.local()  # the table of the Scan this segment thread is making
        self._found: dict[str, list[tuple[str, str | None, str]]] = {s.table: [] for s in sources}

    def reader(self, reader: Reader) -> Reader:
        """``reader`` whose new DynamoDB clients (the audit makes its own) report their Scan
        answers here first."""
        make = reader.conn.new_client

        def new_client(service: str = "dynamodb", **kw: Any) -> Any:
            client = make(service, **kw)
            if service == "dynamodb":
                events = client.meta.events
                events.register("before-parameter-build.dynamodb.Scan", self._scanning)
                # First: the audit's own handler replaces the body once it has decoded it.
                events.register_first("before-parse.dynamodb.Scan", self._page)
            return client

        conn = copy.copy(reader.conn)
        setattr(conn, "new_client", new_client)  # noqa: B010 (an instance's own, not the class's)
        out = copy.copy(reader)
        out.conn = conn
        return out

    def _scanning(self, params: Mapping[str, Any], **_: Any) -> None:
        self._table.name = params.get("TableName")

    def _page(self, response_dict: dict[str, Any], **_: Any) -> None:
        table = getattr(self._table, "name", None)
        body = response_dict.get("body")
        if table not in self._decoders or response_dict.get("status_code") != 200 or not body:
            return
        try:
            items = self._decoders[table].decode(body).Items
        except msgspec.ValidationError:  # not DynamoDB's shape: the dicts, as the audit falls back
            items = [_Item(item, self._sources[table]) for item in orjson.loads(body).get("Items") or []]
        except msgspec.DecodeError:
            return  # a damaged body: retried by botocore, and seen again then
        ttls = [item.t.N for item in items]
        now = self.now
        kept = [(item.pk.S, item.sk.S, ttl) for item, ttl in zip(compress(items, ttls),
                                                                  filter(None, ttls), strict=True)
                if item.pk.S is not None and not expired_at(ttl, now)]
        if kept:
            self._found[table].extend(kept)  # one C call: safe between segment threads

    def items(self, table: str) -> Iterator[list[dict[str, Any]]]:
        """The items of ``table`` whose TTL was not past, as key and TTL, a chunk at a time."""
        source = self._sources.get(table)
        if source is None:
            return  # a table without a TTL attribute
        found = self._found[table]
        for start in range(0, len(found), CHUNK):
            chunk = []
            for pk, sk, ttl in found[start:start + CHUNK]:
                item = {source.pk_name: {"S": pk}, source.ttl_attribute: {"N": ttl}}
                if source.sk_name and sk is not None:
                    item[source.sk_name] = {"S": sk}
                chunk.append(item)
            yield chunk

    def count(self, table: str) -> int:
        return len(self._found.get(table, ()))


def _decoder(source: TtlSource) -> msgspec.json.Decoder[Any]:
    """A Scan body's items as their key and TTL only (every other attribute skipped)."""
    fields: list[tuple[str, Any, Any]] = [
        ("pk", _Value, msgspec.field(name=source.pk_name, default=_MISSING)),
        ("sk", _Value, msgspec.field(name=source.sk_name or "", default=_MISSING)),
        ("t", _Value, msgspec.field(name=source.ttl_attribute, default=_MISSING))]
    item = msgspec.defstruct("TtlItem", fields, gc=False)
    page = msgspec.defstruct("TtlPage", [("Items", list[item],  # type: ignore[valid-type]
                                          msgspec.field(default_factory=list))], gc=False)
    return msgspec.json.Decoder(page)


class _Item:
    """A dict item seen as the decoder's struct (the rare fallback)."""

    def __init__(self, item: Any, source: TtlSource) -> None:
        get = item.get if item.__class__ is dict else (lambda _: None)
        self.pk, self.sk, self.t = (_value(get(n)) if n else _MISSING
                                    for n in (source.pk_name, source.sk_name, source.ttl_attribute))


def _value(av: Any) -> _Value:
    if av.__class__ is not dict:
        return _MISSING
    s, n = av.get("S"), av.get("N")
    return _Value(s if s.__class__ is str else None, n if n.__class__ is str else None)
