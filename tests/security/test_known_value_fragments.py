"""Pieces of a known secret shorter than 16 characters (the tail of a secret key a terminal
wrapped onto its next line, a token cut short) are removed when they stand on their own and look
like a key's piece (a digit and a letter, 8+ characters); the words and numbers of a message stay,
even when a password made of words holds them."""

from __future__ import annotations

import json

import pytest

from dynoview.core.redaction import MIN_FRAGMENT, PLAIN_FRAGMENT, REDACTED, redact, redact_obj

pytestmark = pytest.mark.security

# A random secret key's shape: 40 base64 characters (not AWS's documented example, whose tail is
# the letters-only "EXAMPLEKEY").
SECRET_KEY = "q7Hk2LmN9pXz4RtB8vWc1YdF6gJs3KeA0uQi5oPl"
ACCESS_KEY_ID = "ASIAQ3EGRBLMKW7X2PZD"


@pytest.mark.parametrize("width", range(len(SECRET_KEY) - PLAIN_FRAGMENT + 1, 33))
def test_the_tail_a_wrap_leaves_is_removed(width: int) -> None:
    """Wrapped at ``width``, the key's second line is 8-15 characters, each with a digit."""
    head, tail = SECRET_KEY[:width], SECRET_KEY[width:]
    assert MIN_FRAGMENT <= len(tail) < PLAIN_FRAGMENT
    cleaned = redact(f"aws configure failed for key:\n{head}\n{tail}\n(see the log)", [SECRET_KEY])
    assert head not in cleaned and tail not in cleaned
    assert cleaned == f"aws configure failed for key:\n{REDACTED}\n{REDACTED}\n(see the log)"


@pytest.mark.parametrize(("text", "piece"), [
    (f"token ends …{SECRET_KEY[-12:]}.", SECRET_KEY[-12:]),
    (f"key starts {SECRET_KEY[:8]}… (cut)", SECRET_KEY[:8]),
    (f'{{"hint": "{SECRET_KEY[10:22]}"}}', SECRET_KEY[10:22]),
    (f"id tail: ({ACCESS_KEY_ID[-9:]})", ACCESS_KEY_ID[-9:]),
    # In the middle of a line, between a key's "/" or "+" it holds: a run of key characters.
    (f"x={SECRET_KEY[5:14]};y=1", SECRET_KEY[5:14]),
    # "-" bounds a run: the piece before it stands on its own.
    (f"{SECRET_KEY[:10]}-suffix", SECRET_KEY[:10]),
])
def test_a_short_piece_standing_on_its_own_is_removed(text: str, piece: str) -> None:
    cleaned = redact(text, [SECRET_KEY, ACCESS_KEY_ID])
    assert piece not in cleaned and REDACTED in cleaned
    assert piece not in json.dumps(redact_obj({"message": text}, [SECRET_KEY, ACCESS_KEY_ID]))


PASSWORD = "DynamoDBAdmin1Password20120810"  # a person's password, made of words and a date


@pytest.mark.parametrize("text", [
    # Words and numbers the password holds: they are how messages look, not keys.
    "DynamoDB said: Password expired on 20120810 (X-Amz-Target DynamoDB_20120810.Scan)",
    "Admin Password DynamoDB",
    # Pieces under 8 characters, even with a digit.
    f"checksum {SECRET_KEY[:7]} and {SECRET_KEY[-7:]}",
    # A piece glued inside a longer run of other characters is not the key's.
    f"id X{SECRET_KEY[:10]}Z",
])
def test_ordinary_words_and_numbers_stay(text: str) -> None:
    assert redact(text, [PASSWORD, SECRET_KEY]) == text


def test_a_message_of_the_app_stays_readable_with_keys_known() -> None:
    lines = [
        "Query on Accounts (index email-index): 25 items, 25 scanned, 12.5 RCU in 43 ms",
        "lock UNIQ#EMAIL#ada@lovelace.io has no account in table Accounts-dev-0cc633c7",
        "Transaction 94b5a803-621c-4831-a015-fd96c6aa0d1f applied; us-east-1; python3.11",
        "arn:aws:dynamodb:us-east-1:123456789012:table/Orders/stream/2024-01-01T00:00:00.000",
    ]
    for line in lines:
        assert redact(line, [SECRET_KEY, ACCESS_KEY_ID, PASSWORD]) == line


def test_the_password_itself_and_its_key_like_pieces_go() -> None:
    cleaned = redact(f"login {PASSWORD} / hint DynamoDBAdmin1 / DynamoDB", [PASSWORD])
    assert cleaned == f"login {REDACTED} / hint {REDACTED} / DynamoDB"
