"""Names people choose (a draft's, a connection's, a table's) as file names.

Each UTF-8 byte outside a store's safe characters becomes ``%XX``, always two hex digits, so
distinct names stay distinct files; a form too long for a file name is cut at a whole escape and
ends in ``~`` and a hash of the whole name (a short form has no ``~``, so never equals a cut
one). Versions before this escape wrote ``%`` and the code point in hex, two digits or more,
which two names could share: ``legacy_escape`` finds those files, which are read, never written.
"""

from __future__ import annotations

import hashlib
import re

#: Bytes of an escaped name: room under the systems' 255 for ".json" and ".corrupt-<time>".
MAX_ESCAPED = 200
_HASH_CHARS = 32


def escape(name: str, safe: str) -> str:
    """``name`` with each UTF-8 byte that is not one of ``safe``'s (ASCII) characters as ``%XX``."""
    allowed = frozenset(safe.encode("ascii"))
    return "".join(chr(b) if b in allowed else f"%{b:02X}"
                   for b in name.encode("utf-8", "surrogatepass"))


def bounded(escaped: str, name: str) -> str:
    """``escaped`` (``name``'s form), cut to ``MAX_ESCAPED`` with a hash of ``name`` when longer."""
    if len(escaped) <= MAX_ESCAPED:
        return escaped
    head = escaped[:MAX_ESCAPED - _HASH_CHARS - 1]
    head = head[:head.rfind("%")] if "%" in head[-2:] else head  # never half an escape
    digest = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:_HASH_CHARS]
    return f"{head}~{digest}"


def legacy_escape(name: str, safe: str) -> str:
    """The form versions before the fixed-width escape gave ``name``."""
    unsafe = re.compile(f"[^{re.escape(safe)}]")
    return unsafe.sub(lambda m: f"%{ord(m.group()):02X}", name)
