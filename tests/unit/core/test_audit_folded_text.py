"""The folded, NUL-joined UTF-8 buffer that the audit's search and sort build on."""

from __future__ import annotations

from itertools import pairwise

import pytest

from dynoview.core.audit.folded_text import folded_utf8


def _split(texts: list[str], errors: str = "strict") -> list[bytes]:
    folded = folded_utf8(texts, errors)
    assert folded is not None
    data, cuts = folded
    bounds = [-1, *cuts.tolist(), len(data)]
    return [data[a + 1:b] for a, b in pairwise(bounds)]


def test_each_text_is_cut_out_folded_as_python_folds_it() -> None:
    texts = ["Ana@Example.COM", "", "STRASSE", "Straße", "ΣΊΣΥΦΟΣ", "ﬁle", ""]
    assert _split(texts) == [t.casefold().encode() for t in texts]
    assert _split(["A", "b"]) == [b"a", b"b"]  # the ASCII path lowers


def test_a_text_holding_nul_gives_no_cuts_and_no_texts_give_an_empty_buffer() -> None:
    assert folded_utf8(["a\0b", "c"]) is None
    data, cuts = folded_utf8([]) or (b"?", None)
    assert data == b"" and cuts is not None and len(cuts) == 0


def test_a_lone_surrogate_is_refused_strictly_and_kept_when_passed() -> None:
    with pytest.raises(UnicodeEncodeError):
        folded_utf8(["ok", "bad\ud800"])
    kept = "bad\ud800".encode("utf-8", "surrogatepass")
    assert _split(["OK", "bad\ud800"], "surrogatepass") == [b"ok", kept]
