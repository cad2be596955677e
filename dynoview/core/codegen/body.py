"""A generated function's body as statements both emitters render: the same order, the same
checks, each value normalised once."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dynoview.core.codegen.model import ACCOUNT_ID, NEW, Operation, OwnerRead, Param, Step, key_params


@dataclass(frozen=True)
class ChooseId:
    """A new random account id when the caller gave none."""

    param: str


@dataclass(frozen=True)
class Normalise:
    """``<param>_key`` = the rule's normalisation of the value; ``check``: a new value, refused
    first when no lock could protect it (empty, untrimmed spaces, nothing left)."""

    param: str
    rule: str
    check: bool


@dataclass(frozen=True)
class RefuseSame:
    """The new value is the held value itself, as typed: nothing would change, so refuse
    before sending (as the builder's form does)."""

    held: str
    new: str
    rule: str


@dataclass(frozen=True)
class SameKey:
    """``same`` when the new value's lock key is the held value's (only the spelling
    changes: the lock stays), else ``other``."""

    held: str
    new: str
    same: Send
    other: Any  # a Send, or a ReadOwner


@dataclass(frozen=True)
class Send:
    """The transaction, sent with retries; each step's failure mapped to a typed error."""

    steps: tuple[Step, ...]


@dataclass(frozen=True)
class ReadOwner:
    """Read the former owner (strongly consistent), refuse when it holds the lock's value by
    the rule's normalisation, else send the transaction of what was read (``OwnerRead``)."""

    read: OwnerRead


@dataclass(frozen=True)
class Branch:
    """One block when the optional parameter is None, the other when it is given."""

    param: str
    without: tuple[Any, ...]
    given: tuple[Any, ...]


def body(op: Operation) -> tuple[Any, ...]:
    """The statements of the function for ``op``."""
    out: list[Any] = [ChooseId(p.key) for p in op.params if p.role == ACCOUNT_ID and p.defaulted]
    used = {k for v in op.variants for k in key_params(v.steps)}

    def normalise(param: Param) -> list[Normalise]:
        if param.rule is None or (param.role != NEW and param.key not in used):
            return []
        return [Normalise(param.key, param.rule, param.role == NEW)]

    for param in op.params:
        if not param.optional:
            out += normalise(param)
    optional = op.optional
    if optional is None:
        return (*out, Send(op.variants[0].steps))
    without, given = (next(v for v in op.variants if v.with_optional == flag) for flag in (False, True))
    block: list[Any] = normalise(optional)
    send: Any = Send(given.steps) if given.read is None else ReadOwner(given.read)
    if op.distinct is not None and optional.key in op.distinct and optional.rule is not None:
        held, new = op.distinct
        block.append(RefuseSame(held, new, optional.rule))
        if op.respelled is not None:
            send = SameKey(held, new, Send(op.respelled), send)
    block.append(send)
    return (*out, Branch(optional.key, (Send(without.steps),), tuple(block)))
