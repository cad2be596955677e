"""The column helpers of ``uniqueness.forms`` (what the audit keys a million forms with) give
exactly the one-form functions' answers."""

from __future__ import annotations

import random

import pytest

from dynoview.core.uniqueness.forms import (
    ascii_lookalike_keys,
    clash_key,
    is_odd,
    lookalike_key,
    lower_ascii_preimages,
    mixed_clash_keys,
    non_ascii,
    odd_forms,
    unlike_and_odd,
    unlike_clash_key,
)

ASCII = [chr(i) for i in range(128)]


def _ascii_forms(rng: random.Random, n: int) -> list[str]:
    # Every ASCII character, the separators the helper joins with included, and the
    # characters whose prototype is wider than one (m, ", %).
    return ["".join(rng.choice(ASCII + ["m", '"', "%", "0", "1", "I"] * 4)
                    for _ in range(rng.randint(0, 14))) for _ in range(n)]


@pytest.mark.parametrize("trim", [False, True])
@pytest.mark.parametrize("seed", range(5))
def test_ascii_lookalike_keys_match_lookalike_key(seed: int, trim: bool) -> None:
    forms = _ascii_forms(random.Random(seed), 3000)
    assert ascii_lookalike_keys(forms, trim) == [lookalike_key(f, trim) for f in forms]


def test_ascii_lookalike_keys_when_every_separator_is_taken() -> None:
    forms = ["".join(map(chr, range(9))) + "m1", "rn", ""]
    assert ascii_lookalike_keys(forms) == [lookalike_key(f) for f in forms]
    assert ascii_lookalike_keys([]) == []
    assert ascii_lookalike_keys(["Emma@X.io"]) == ["ernrna@x.io"]


@pytest.mark.parametrize("trim", [False, True])
def test_mixed_clash_keys_put_non_ascii_keys_in_place(trim: bool) -> None:
    rng = random.Random(7)
    odd = ["\uff21da", "jose\u0301", " a\u200bb ", "\u0430DA", "STRASSE", "Stra\u00dfe", "\u3000x\u3000"]
    forms = [rng.choice(odd) if rng.random() < 0.3 else f for f in _ascii_forms(rng, 2000)]
    assert mixed_clash_keys(forms, trim) == [clash_key(f, trim) for f in forms]


@pytest.mark.parametrize("trim", [False, True])
def test_unlike_and_odd_is_unlike_clash_key_and_odd_forms(trim: bool) -> None:
    rng = random.Random(3)
    plain = _ascii_forms(rng, 500)
    padded = [f for f in plain if is_odd(f, trim)]  # ASCII with whitespace the lookalike key tidies
    assert padded and unlike_and_odd(plain, trim) == (list(unlike_clash_key(plain, trim)), padded)
    tidy = [f for f in plain if not is_odd(f, trim)]
    assert unlike_and_odd(tidy, trim) == (list(unlike_clash_key(tidy, trim)), [])
    mixed = [*plain, "jose\u0301", "\u0430da", "ada", "\uff41", " \u3000x"]
    unlike, odd = unlike_and_odd(mixed, trim)
    assert sorted(unlike) == sorted(unlike_clash_key(mixed, trim))
    assert odd == odd_forms(mixed, trim) == [*padded, *non_ascii(mixed)]
    assert non_ascii(mixed) == ["jose\u0301", "\u0430da", "\uff41", " \u3000x"]


@pytest.mark.parametrize("seed", range(3))
def test_lower_ascii_preimages_are_every_lowercase_form_of_a_key(seed: int) -> None:
    rng = random.Random(seed)
    # Forms with untidy whitespace are odd: keyed directly, never among a key's preimages.
    for form in {f.lower() for f in _ascii_forms(rng, 2000) if not is_odd(f)}:
        key = lookalike_key(form)
        found = lower_ascii_preimages(key, limit=100_000)
        assert found is not None and form in found
        assert all(lookalike_key(p) == key and p == p.lower() for p in found)
        assert len(set(found)) == len(found)
    assert lower_ascii_preimages("ada@x.io") == ["ada@x.io"]
    assert sorted(lower_ascii_preimages("ernrna") or []) == ["emma", "emrna", "ernma", "ernrna"]
    assert lower_ascii_preimages("l" * 20, limit=1000) is None  # 3**20 spellings: too many
    assert lower_ascii_preimages("\u0430da") == []  # a prototype outside ASCII: no ASCII form
