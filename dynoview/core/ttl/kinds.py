"""The kinds of TTL state an item can be in at read time (``core.ttl.expiry`` computes them).

Apart from the computing code so the Items tab can name them before the window's first paint
without importing it (it loads with the first rows).
"""

NONE = "none"
PENDING = "pending"
EXPIRED = "expired"
NEVER = "never"  # present but not a usable TTL value
# Read from an index that does not project the TTL attribute: the expiry is unknown, not absent.
NOT_IN_INDEX = "not in index"
