"""Items kept compact: each item as its DynamoDB JSON bytes, decoded again only when asked.

A browse holds what it read for as long as the view shows it. As dicts (what botocore's parser
builds) an account item of the article costs about 2 KB of Python objects and a lock about
600 bytes, and every dict is one more object for the cyclic collector to walk. As compact JSON
bytes (binary as base64 text, as on the wire) the same items cost 100-250 bytes and no
tracked object; a view decodes the few rows it paints.

``block_from_body`` turns a Query or Scan answer's body into a ``RowBlock``, a slice of items
at a time: the rows, the attribute names in the order first seen (the view's columns), a key
digest per row (finding a row by key without decoding), a small per-row flag the caller
computes (the view's TTL state), and the items' DynamoDB size (the read receipt's estimate).
It runs in the worker that read the page, so the UI thread only appends rows.
"""

from __future__ import annotations

import base64
import binascii
import json
from array import array
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from itertools import chain
from typing import Any

import msgspec
import orjson

from dynoview.core.errors import DynoViewError
from dynoview.core.values.sizes import attribute_size

Item = dict[str, Any]
#: A per-row number (0-255) computed in the worker from the item as read (binary as base64).
Flag = Callable[[Item], int]


class BadPageError(DynoViewError):
    """A page body that is not the JSON DynamoDB answers; nothing from it was shown."""


@dataclass(frozen=True)
class RowShape:
    """What to pull out of each item while a page is decoded."""

    key_names: tuple[str, ...] = ()  # the digest is over these attributes
    flag: Flag | None = None  # e.g. the TTL state's code; 0 for every row when None
    now: datetime | None = None  # the block's clock (None: when the page is decoded)
    # Called between slices of a page's decode, in the worker: the UI lets it wait while it
    # paints, so the worker does not take the GIL back between every two cells.
    pause: Callable[[], None] | None = None


@dataclass
class RowBlock:
    """Rows of one page (or part of one), in the order read."""

    rows: list[bytes] = field(default_factory=list)
    names: list[str] = field(default_factory=list)  # attribute names, in the order first seen
    flags: bytearray = field(default_factory=bytearray)
    digests: array[int] = field(default_factory=lambda: array("q"))
    size: int | None = 0  # DynamoDB size of the items (None: some value could not be sized)
    clock: datetime = field(default_factory=lambda: datetime.now(UTC))

    def __len__(self) -> int:
        return len(self.rows)

    def item(self, index: int) -> Item:
        return decode_row(self.rows[index])

    def items(self) -> list[Item]:
        return [decode_row(row) for row in self.rows]

    def slice(self, start: int, end: int) -> RowBlock:
        """Rows ``start:end``; the names go with the first slice (they are the page's)."""
        return RowBlock(self.rows[start:end], self.names if start == 0 else [], self.flags[start:end],
                        self.digests[start:end], None, self.clock)

    @classmethod
    def concat(cls, blocks: Sequence[RowBlock]) -> RowBlock:
        """One block from several (a filtered read may take several requests for a page)."""
        if len(blocks) == 1:
            return blocks[0]
        out = cls(clock=blocks[-1].clock if blocks else datetime.now(UTC))
        for block in blocks:
            out.rows.extend(block.rows)
            out.flags.extend(block.flags)
            out.digests.extend(block.digests)
            out.size = None if out.size is None or block.size is None else out.size + block.size
        out.names = list(dict.fromkeys(chain.from_iterable(b.names for b in blocks)))
        return out


# -- one row ---------------------------------------------------------------------------------
# msgspec, not orjson, encodes: orjson's output keeps its 4 KB working buffer (measured: 4,097
# bytes held per row of the article instead of 192), and msgspec writes binary as base64 and
# sets as arrays by itself, which is the wire format.
_ENCODER = msgspec.json.Encoder()


def _plain(value: Any) -> Any:
    """The standard library's fallback: binary as base64 text, a set or tuple as a list."""
    if isinstance(value, bytes | bytearray | memoryview):
        return base64.b64encode(bytes(value)).decode("ascii")
    if isinstance(value, set | frozenset | tuple):
        return list(value)
    raise TypeError(f"{type(value).__name__} is not an attribute value")


def encode_item(item: Mapping[str, Any]) -> bytes:
    """An item (binary as bytes, as botocore gives it, or as base64 text) as compact JSON."""
    try:
        return _ENCODER.encode(item)
    except (UnicodeEncodeError, TypeError, msgspec.EncodeError):
        # Text msgspec refuses (a lone surrogate): the standard library escapes it.
        return json.dumps(item, default=_plain, ensure_ascii=True).encode("ascii")


def _native(av: Any) -> Any:
    """An attribute value with binary back to bytes (what botocore's parser would give)."""
    if av.__class__ is not dict or len(av) != 1:
        return av
    tag, value = next(iter(av.items()))
    if tag == "B" and isinstance(value, str):
        return {"B": base64.b64decode(value)}
    if tag == "BS" and isinstance(value, list):
        return {"BS": [base64.b64decode(v) if isinstance(v, str) else v for v in value]}
    if tag == "M" and isinstance(value, dict):
        return {"M": {k: _native(v) for k, v in value.items()}}
    if tag == "L" and isinstance(value, list):
        return {"L": [_native(v) for v in value]}
    return av


def native_item(item: Item) -> Item:
    """An item as read from a body (binary as base64 text) as botocore would give it."""
    return {name: _native(av) for name, av in item.items()}


def decode_row(row: bytes) -> Item:
    """A row back to the item as botocore would have given it (binary as bytes)."""
    item = _loads(row)
    # A binary value has the tag "B" or "BS": without those bytes there is nothing to restore.
    return native_item(item) if b'"B' in row else item


def _key_part(av: Any) -> Any:
    """One key value as a hashable tuple of (tag, text), binary as base64 text (as read)."""
    if av is None:
        return None
    return tuple((tag, base64.b64encode(bytes(value)).decode("ascii")
                  if isinstance(value, bytes | bytearray | memoryview) else value)
                 for tag, value in av.items())


def key_digest(values: Iterable[Any]) -> int:
    """A digest of key values (binary as bytes or base64 text alike), to find a row by key."""
    values = list(values)
    try:
        return hash(tuple(map(_key_part, values)))
    except (TypeError, AttributeError):  # not attribute values (a list, a bare string): by text
        return hash(encode_item(values))  # type: ignore[arg-type]


# -- a page ----------------------------------------------------------------------------------
SLICE = 500  # items decoded between two calls of ``RowShape.pause`` (about 1 ms of work)


def item_size(item: Item) -> int:
    """``values.sizes.item_size`` of an item as read from a body (ASCII strings take a fast path)."""
    total = 0
    for name, av in item.items():
        s = av.get("S") if av.__class__ is dict and len(av) == 1 else None
        if s.__class__ is str and name.isascii() and s.isascii():
            total += len(name) + len(s)
        else:
            total += attribute_size(name, _native(av))
    return total


def _row_size(row: bytes, item: Item) -> int:
    """``item_size``, from the row's length when every value is a plain string.

    A compact row of n string attributes is ``{"name":{"S":"value"},...}``: 12 bytes per
    attribute and one more around the names' and values' UTF-8 bytes, which is the size.
    The counts prove that shape: one ``{"`` per value plus the item's own, each of them
    ``{"S":"``, and no escape (which would also be the only way for text to hold ``{"``).
    """
    n = len(item)
    if b"\\" not in row and row.count(b'{"') == n + 1 and row.count(b'{"S":"') == n:
        return len(row) - 12 * n - 1
    return item_size(item)


def block_from_items(items: Sequence[Item], shape: RowShape) -> RowBlock:
    """A block from decoded items (binary as bytes or as base64 text)."""
    return _block(list(map(encode_item, items)), shape, items)


def _block(rows: list[bytes], shape: RowShape, items: Sequence[Item] | None = None) -> RowBlock:
    """The block of ``rows``, decoding them (unless ``items`` holds them) a slice at a time: only
    a slice's dicts are alive at once, and ``shape.pause`` runs between slices."""
    clock = shape.now or datetime.now(UTC)
    keys, flag, pause = shape.key_names, shape.flag, shape.pause
    layouts: dict[tuple[str, ...], None] = {}
    digests: array[int] = array("q")
    flags = bytearray()
    size: int | None = 0
    for start in range(0, len(rows), SLICE):
        part_rows = rows[start:start + SLICE]
        part = items[start:start + SLICE] if items is not None else list(map(_loads, part_rows))
        if not all(item.__class__ is dict for item in part):
            raise BadPageError("The endpoint answered a page whose items are not objects; "
                               "nothing of it is shown. Read again.")
        # Items of one page share few layouts: the distinct name tuples, then their names.
        layouts.update(dict.fromkeys(map(tuple, part)))
        digests.extend([key_digest([item.get(k) for k in keys]) for item in part] if keys
                       else bytes(8 * len(part)))
        flags.extend(map(flag, part) if flag is not None else bytes(len(part)))
        if size is not None:
            try:
                size += sum(map(_row_size, part_rows, part))
            except Exception:  # an estimate must never break a read
                size = None
        if pause is not None:
            pause()
    names = list(dict.fromkeys(chain.from_iterable(layouts)))
    return RowBlock(rows, names, flags, digests, size, clock)


_PAGE = msgspec.json.Decoder(dict[str, msgspec.Raw])
_ITEMS = msgspec.json.Decoder(list[msgspec.Raw])


def _loads(text: bytes) -> Any:
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)  # an escaped lone surrogate, which only the standard library reads


def block_from_body(body: bytes, shape: RowShape) -> tuple[dict[str, Any], RowBlock]:
    """A Query or Scan answer's body: (its other fields, as botocore gives them; its items).

    The body is split into its items' JSON texts first (msgspec, 1 ms per MB), and each item
    is decoded on its own, a slice at a time: one call decoding a whole 1 MB page held the
    GIL for up to 15 ms, the UI thread waiting behind it.
    """
    pause = shape.pause
    try:
        if pause is not None:
            pause()  # the UI may be painting: each split below holds the GIL for 1-2 ms per MB
        fields = _PAGE.decode(body)
        texts = _ITEMS.decode(fields.pop("Items")) if "Items" in fields else []
        rows: list[bytes] = []
        for start in range(0, len(texts), SLICE):  # 2-3 ms of copies per MB: in slices too
            if pause is not None:
                pause()
            rows.extend(map(bytes, texts[start:start + SLICE]))
        page = {name: _loads(bytes(value)) for name, value in fields.items()}
        block = _block(rows, shape)
    except (msgspec.DecodeError, ValueError) as exc:
        raise BadPageError("The endpoint answered a page that is not the JSON of a Query or Scan "
                           "answer; nothing of it is shown. Read again.") from exc
    last = page.get("LastEvaluatedKey")
    if isinstance(last, dict):
        try:
            page["LastEvaluatedKey"] = native_item(last)  # sent back as the next ExclusiveStartKey
        except binascii.Error as exc:
            raise BadPageError("The page's LastEvaluatedKey holds binary that is not base64.") from exc
    return page, block
