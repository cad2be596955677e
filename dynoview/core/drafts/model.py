"""What a draft holds, and its JSON form on disk.

The request is the builder's ``{"TransactItems": [...], "ClientRequestToken": ...}`` as
Import/Export JSON has it; ``forms`` are the open template forms' field values and ``typed``
the action editors' text the request cannot hold yet (both opaque here: the UI writes and
reads them); ``connection`` and ``table`` say where the work was meant to go.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

FORMAT = 1
#: The latest time a draft may hold (3000-01-01 UTC): ``time.localtime`` shows it on every
#: platform (Windows stops at the year 3000); a later one is damage, not a clock.
LATEST_TIME = 32_503_680_000


class DraftError(ValueError):
    """A draft file that cannot be used, with a sentence saying why."""


def count_text(count: int, singular: str, plural: str | None = None) -> str:
    """``1 action``, ``4 actions``: the number with the right form of the word."""
    return f"{count} {singular if count == 1 else plural or singular + 's'}"


@dataclass(frozen=True)
class Draft:
    """One piece of builder work: a request, the open forms, and where it was meant to go."""

    request: dict[str, Any] = field(default_factory=dict)
    forms: tuple[dict[str, Any], ...] = ()
    connection: str | None = None
    table: str | None = None
    saved_at: float = 0.0  # seconds since the epoch, set by the store when written
    name: str | None = None  # set for a named draft
    #: The names each Delete of a shown item held (``tx.seen_names``): never sent, so not in
    #: ``request``, and what keeps the preflight's check for attributes added since.
    seen: tuple[dict[str, Any], ...] = ()
    #: Per action index, the editor's rows and raw texts as typed when some of that text is not
    #: in ``request`` (a value that does not parse yet), else None; () when all of it is.
    typed: tuple[dict[str, Any] | None, ...] = ()

    @property
    def action_count(self) -> int:
        items = self.request.get("TransactItems")
        return len(items) if isinstance(items, list) else 0

    @property
    def form_count(self) -> int:
        return len(self.forms)

    def is_empty(self) -> bool:
        """Nothing worth keeping: no action and no open form."""
        return self.action_count == 0 and not self.forms

    def describe(self, *, unsent: bool = True) -> str:
        """``4 unsent actions and the Sign up form``, for notes and prompts (not ``unsent``: a
        transaction that was sent, its outcome unknown, is ``4 actions``)."""
        parts = []
        if self.action_count:
            parts.append(count_text(self.action_count, "unsent action" if unsent else "action"))
        titles = [str(f.get("title") or "a template") for f in self.forms]
        if titles:
            parts.append("the " + ", ".join(titles) + (" form" if len(titles) == 1 else " forms"))
        return " and ".join(parts) or "nothing"

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "request": self.request, "forms": list(self.forms),
                "connection": self.connection, "table": self.table, "saved_at": self.saved_at,
                "name": self.name, "seen": list(self.seen), "typed": list(self.typed)}


def _optional_text(data: dict[str, Any], key: str) -> str | None:
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        raise DraftError(f"its {key} is not text")
    return value


def checked_time(value: Any, key: str) -> float:
    """``value`` as seconds since the epoch that every clock function can show; ``DraftError``
    naming ``key`` otherwise: text, true, NaN, 1e300, an integer too large for a float, or a
    time before 1970 (``time.localtime`` raises on those, and a draft must never stop a start)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise DraftError(f"its {key} is not a number")
    # Compared as given: an int too large for a float compares exactly, NaN compares False.
    if not 0 <= value < LATEST_TIME:
        text = repr(value)  # an int from JSON has at most 4300 digits: said in short
        shown = text if len(text) <= 24 else f"{text[:20]}… ({len(text)} digits)"
        raise DraftError(f"its {key} ({shown}) is not a time between 1970 and the year 3000")
    return float(value)


def _finite(value: Any, key: str) -> None:
    """``DraftError`` at the first number JSON cannot write back (NaN, ``Infinity``, ``1e400``)
    in ``value``, named by its place (``request.TransactItems[0].Put...``): a draft that could
    not be saved again would stay a leftover for ever. Walked without recursion (any depth)."""
    todo: list[tuple[str, Any]] = [(key, value)]
    while todo:
        where, item = todo.pop()
        if isinstance(item, float) and not math.isfinite(item):
            raise DraftError(f"its {where} is {item!r}, a number JSON cannot hold")
        if isinstance(item, dict):
            todo.extend((f"{where}.{k}", v) for k, v in item.items())
        elif isinstance(item, list):
            todo.extend((f"{where}[{i}]", v) for i, v in enumerate(item))


def draft_from_json(data: Any) -> Draft:
    """The draft a file holds; ``DraftError`` says what is wrong with one that does not."""
    if not isinstance(data, dict):
        raise DraftError("it is not a JSON object")
    if type(data.get("format")) is not int or data.get("format") != FORMAT:  # not true == 1
        raise DraftError(f"its format is {data.get('format')!r}, not {FORMAT}")
    request = data.get("request")
    if not isinstance(request, dict) or not isinstance(request.get("TransactItems", []), list):
        raise DraftError('its request is not {"TransactItems": [...]}')
    forms = data.get("forms", [])
    if not isinstance(forms, list) or not all(isinstance(f, dict) for f in forms):
        raise DraftError("its forms are not a list of objects")
    seen = data.get("seen", [])
    if not isinstance(seen, list) or not all(isinstance(s, dict) for s in seen):
        raise DraftError("its names seen are not a list of objects")
    typed = data.get("typed", [])  # a draft saved before it was kept has none
    if not isinstance(typed, list) or not all(t is None or isinstance(t, dict) for t in typed):
        raise DraftError("its typed fields are not a list of objects")
    for key in ("request", "forms", "seen", "typed"):
        _finite(data.get(key), key)
    saved_at = checked_time(data.get("saved_at", 0.0), "saved_at")
    return Draft(request=request, forms=tuple(forms), connection=_optional_text(data, "connection"),
                 table=_optional_text(data, "table"), saved_at=saved_at,
                 name=_optional_text(data, "name"), seen=tuple(seen), typed=tuple(typed))
