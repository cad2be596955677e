"""Whether the rows read from an index carry the table's TTL attribute.

An index holds only what it projects: KEYS_ONLY the table's and the index's keys, INCLUDE those
and the attributes it names. A row read from one that leaves the TTL attribute out says nothing
about expiry, so its TTL status is unknown, not "no TTL", and expired rows cannot be told apart.
"""

from __future__ import annotations

from dynoview.core.session.tables import TableInfo


def index_holds_ttl(info: TableInfo, index: str | None) -> bool:
    """True when rows read from ``index`` of ``info`` (None: the table itself) hold the TTL
    attribute whenever the item has one; also True when the table has no TTL (nothing to miss)."""
    ttl = info.expiry_attribute
    if ttl is None or not index:
        return True
    try:
        found = info.index(index)
    except KeyError:  # not in the description: make no claim about what it projects
        return True
    if found is None or found.projection == "ALL":
        return True
    keys = {*info.key_names, found.partition_key.name}
    if found.sort_key is not None:
        keys.add(found.sort_key.name)
    if ttl in keys:  # every projection holds the keys
        return True
    return found.projection == "INCLUDE" and ttl in found.projected_attributes
