"""What a draft holds, and its JSON form on disk.

The request is the builder's ``{"TransactItems": [...], "ClientRequestToken": ...}`` as
Import/Export JSON has it; ``forms`` are the open template forms' field values (opaque here:
the UI writes and reads them); ``connection`` and ``table`` say where the work was meant to go.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

FORMAT = 1


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
                "name": self.name, "seen": list(self.seen)}


def _optional_text(data: dict[str, Any], key: str) -> str | None:
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        raise DraftError(f"its {key} is not text")
    return value


def draft_from_json(data: Any) -> Draft:
    """The draft a file holds; ``DraftError`` says what is wrong with one that does not."""
    if not isinstance(data, dict):
        raise DraftError("it is not a JSON object")
    if data.get("format") != FORMAT:
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
    saved_at = data.get("saved_at", 0.0)
    if isinstance(saved_at, bool) or not isinstance(saved_at, int | float) or not math.isfinite(saved_at):
        raise DraftError("its time is not a number")
    return Draft(request=request, forms=tuple(forms), connection=_optional_text(data, "connection"),
                 table=_optional_text(data, "table"), saved_at=float(saved_at),
                 name=_optional_text(data, "name"), seen=tuple(seen))
