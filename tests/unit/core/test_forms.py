"""The one definition of how protected values compare (dynoview.core.uniqueness.forms)."""

from __future__ import annotations

import unicodedata

import pytest

from dynoview.core.uniqueness.forms import (
    NORMALISATIONS,
    NORMALISE_LOWER,
    NORMALISE_NFKC_CASEFOLD,
    NORMALISE_NONE,
    NORMALISE_TRIM_LOWER,
    clash_key,
    clash_keys,
    is_ignorable,
    lookalike_key,
    lookalike_keys,
    non_ascii,
    normalise,
    trims,
    unlike_clash_key,
)

NFC = unicodedata.normalize("NFC", "josé")
NFD = unicodedata.normalize("NFD", "josé")
CYRILLIC_A = "\u0430"


@pytest.mark.parametrize(("a", "b"), [
    ("Ken@Thompson.dev", "ken@thompson.dev"),   # case
    (NFC, NFD),                                 # one letter, two Unicode spellings
    ("\uff41\uff44\uff41@x.io", "ada@x.io"),   # fullwidth letters
    ("ada\u200b@x.io", "ada@x.io"),            # a zero-width space
    ("STRASSE", "straße"),                      # full case folding
    ("ﬁle", "file"),                            # a ligature
])
def test_one_value_to_a_person_is_one_clash_key(a: str, b: str) -> None:
    assert a != b
    assert clash_key(a) == clash_key(b)


@pytest.mark.parametrize(("a", "b"), [
    (CYRILLIC_A + "da@x.io", "ada@x.io"),
    ("p\u0430yp\u0430l", "paypal"),
    ("\u0440aypal", "paypal"),  # Cyrillic er for p
])
def test_lookalikes_share_a_skeleton_but_not_a_clash_key(a: str, b: str) -> None:
    assert clash_key(a) != clash_key(b)
    assert lookalike_key(a) == lookalike_key(b)


def test_different_values_stay_apart() -> None:
    assert clash_key("ada@x.io") != clash_key("adb@x.io")
    assert lookalike_key("ada@x.io") != lookalike_key("adb@x.io")
    assert lookalike_key(CYRILLIC_A + "da@x.io") != lookalike_key("ade@x.io")


def test_trimming_rules_trim_the_clash_key() -> None:
    assert clash_key(" Ada@x.io ", trim=True) == "ada@x.io"
    assert clash_key(" Ada@x.io ") == " ada@x.io "
    assert trims(NORMALISE_TRIM_LOWER) and trims(NORMALISE_NFKC_CASEFOLD)
    assert not trims(NORMALISE_NONE) and not trims(NORMALISE_LOWER)


def test_normalisations() -> None:
    assert set(NORMALISATIONS) == {NORMALISE_NONE, NORMALISE_LOWER, NORMALISE_TRIM_LOWER,
                                   NORMALISE_NFKC_CASEFOLD}
    value = " \uff21da\u200b@X.io "
    assert normalise(value, NORMALISE_NONE) == value
    assert normalise(value, NORMALISE_LOWER) == value.lower()
    assert normalise(value, NORMALISE_TRIM_LOWER) == value.strip().lower()
    assert normalise(value, NORMALISE_NFKC_CASEFOLD) == "ada@x.io"


def test_batch_forms_equal_the_one_at_a_time_forms() -> None:
    forms = ["Ada@x.io", NFD, " bob ", CYRILLIC_A + "da@x.io", "ｆｕｌｌ", "plain"]
    for trim in (False, True):
        assert clash_keys(forms, trim) == [clash_key(f, trim) for f in forms]
        assert lookalike_keys(forms, trim) == [lookalike_key(f, trim) for f in forms]
        assert sorted(unlike_clash_key(forms, trim)) == sorted(
            f for f in forms if clash_key(f, trim) != f)
    assert non_ascii(forms) == [NFD, CYRILLIC_A + "da@x.io", "ｆｕｌｌ"]


def test_invisible_characters() -> None:
    for char in ("\u200b", "\u200d", "\u00ad", "\ufeff", "\ufe0f", "\u034f"):
        assert is_ignorable(char), hex(ord(char))
    for char in ("a", " ", "é", "\u0301"):
        assert not is_ignorable(char)


def test_ascii_lookalikes_have_a_skeleton_too() -> None:
    # The key exists for ASCII (TR39 folds 1 and l); the engines report a lookalike clash only
    # when a form outside ASCII takes part (see forms' module doc).
    assert lookalike_key("bob1") == lookalike_key("bobl")
