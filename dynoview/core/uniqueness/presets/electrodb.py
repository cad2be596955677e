"""ElectroDB's unique-constraint recipe, as a preset.

ElectroDB has no "unique" attribute. Its docs (www/src/pages/en/mutations/transact-write.mdx,
"Example - Unique Constraint", example in www/src/examples/transact-write-unique-constraint/)
add a ``constraint`` entity to the service, with attributes ``name``, ``value``, ``entity``
and the primary index ``pk`` composite ["value"], ``sk`` composite ["name", "entity"], and
create it beside the account in one ``service.transaction.write``. ElectroDB builds the keys
(tywalch/electrodb 3.9.3, src/entity.js ``_makeKeyFixings`` and ``_makeKey``):

    pk = `$${service}` + `#${label}_${value}` per pk composite   ->  $mi6#value_<value>
    sk = `$${entity}_${version}` + `#${label}_${value}` per sk composite
                                                ->  $constraint_1#name_email#entity_agent

and then applies the key casing to the *whole* key, value included: ``u.formatKeyCasing``
(src/util.js), default ``lower`` (src/types.js ``DefaultKeyCasing``) unless the index says
``casing: "none"`` (or "upper"). So by default ``Ada@Example.com`` is locked as
``$mi6#value_ada@example.com``: uniqueness is case-insensitive, and the rule's normalisation
is ``lowercase``. Every item ElectroDB writes carries ``__edb_e__`` (the entity name, as
written) and ``__edb_v__`` (its version) (src/types.js ``EntityIdentifiers``). The item
stores ``name``, ``value`` (as written) and ``entity`` (the owning entity's *name*), not the
owning item: the owner is found by value.

Confirmed by running electrodb 3.9.3's ``.params()`` on the docs' entities (docs/cli-audit.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dynoview.core.uniqueness.presets.base import Context, Marker, delimited_prefix
from dynoview.core.uniqueness.schema import (
    NORMALISE_LOWER,
    NORMALISE_NONE,
    LockRule,
    string_value,
)

ENTITY_TAG = "__edb_e__"
VERSION_TAG = "__edb_v__"
CASING_LOWER = "lower"  # ElectroDB's default key casing
CASING_NONE = "none"
# Used when no marker says otherwise (the schema dialog's "start from a preset").
DEFAULT_CONTEXT: Context = ("app", "constraint", "1", CASING_LOWER)

_PK_LABEL = "#value_"
_NAME_LABEL = "#name_"
_ENTITY_LABEL = "#entity_"


def electrodb_rule(entity: str, attribute: str, has_sk: bool, context: Context = ()) -> LockRule:
    """The constraint items of ``entity``'s ``attribute``: the service's ``$<service>#value_``
    partition, and the sort key naming the attribute and entity (both cased like the key)."""
    service, constraint, version, casing = context or DEFAULT_CONTEXT
    pk = f"${service}{_PK_LABEL}"
    sk = f"${constraint}_{version}{_NAME_LABEL}{attribute}{_ENTITY_LABEL}{entity}"
    if casing == CASING_LOWER:
        pk, sk = pk.lower(), sk.lower()
    return LockRule(attribute, attribute, pk + "{value}", sk if has_sk else None,
                    NORMALISE_LOWER if casing == CASING_LOWER else NORMALISE_NONE)


def electrodb_parse(pk: str, sk: str | None) -> Marker | None:
    """A constraint item's keys: ``$<service>#value_<value>`` and (when checked)
    ``$<constraint>_<version>#name_<attribute>#entity_<entity>``."""
    if not pk.startswith("$"):
        return None
    service, sep, value = pk[1:].partition(_PK_LABEL)
    if not sep or not service or "#" in service:
        return None
    if sk is None:
        return Marker("", "", value, (service,))
    if not sk.startswith("$"):
        return None
    head, sep, rest = sk[1:].partition(_NAME_LABEL)
    constraint, underscore, version = head.rpartition("_")
    attribute, sep2, entity = rest.partition(_ENTITY_LABEL)
    if not (sep and sep2 and underscore and constraint and version and attribute and entity):
        return None
    # Any upper-case letter in the keys means they are not lower-cased: casing "none".
    casing = CASING_NONE if (pk + sk) != (pk + sk).lower() else CASING_LOWER
    return Marker(entity, attribute, value, (service, constraint, version, casing))


def electrodb_tags(item: Mapping[str, Any], marker: Marker) -> bool:
    """Whether the item carries the constraint entity's ``__edb_e__`` / ``__edb_v__`` (the key
    spells the entity lower-cased by default; the tag keeps it as written)."""
    if len(marker.context) < 3:
        return True  # only the partition key was checked
    entity, version = string_value(item.get(ENTITY_TAG)), string_value(item.get(VERSION_TAG))
    return (entity is not None and entity.lower() == marker.context[1].lower()
            and version is not None and version.lower() == marker.context[2].lower())


def electrodb_account_prefix(pk: str) -> str | None:
    """An account key's fixed prefix: ``$<service>#<first composite label>_`` (``$mi6#id_``),
    which a constraint's ``$<service>#value_`` does not begin with."""
    cut = pk.find("#")
    label_end = pk.find("_", cut + 1) if cut >= 0 else -1
    return pk[:label_end + 1] if label_end >= 0 else delimited_prefix(pk)
