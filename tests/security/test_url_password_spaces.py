"""A URL password holding a raw space (``https://user:pa ss@host/``, a proxy typed as
``HTTPS_PROXY=http://u:my secret@proxy:3128``) is removed whole, and a URL's own host and port
followed by ordinary words (a mail address later on the line) is not taken for one."""

from __future__ import annotations

import json

import pytest

from dynoview.cli import main as cli_main
from dynoview.core.redaction import REDACTED, drop_url_credentials, redact, redact_obj, redact_url_credentials

pytestmark = pytest.mark.security


@pytest.mark.parametrize(("text", "expected"), [
    ("https://user:pa ss@host/", f"https://{REDACTED}@host/"),
    ("HTTPS_PROXY=http://u:my secret@proxy:3128", f"HTTPS_PROXY=http://{REDACTED}@proxy:3128"),
    ("proxy http://u:correct horse battery staple@proxy.corp:3128 refused",
     f"proxy http://{REDACTED}@proxy.corp:3128 refused"),
    ("http://u:tab\tbetween@h:1", f"http://{REDACTED}@h:1"),
    # A space and an "@" in the last word: up to that word's last "@".
    ("http://u:my p@ss@10.0.0.5:8000/x", f"http://{REDACTED}@10.0.0.5:8000/x"),
    # A password ending in a space.
    ("http://u:secret @h:1", f"http://{REDACTED}@h:1"),
    # Several URLs on a line, each on its own.
    ("from http://a:one two@h1:1/ to https://b:three four@h2:2/x and http://c:five@h3",
     f"from http://{REDACTED}@h1:1/ to https://{REDACTED}@h2:2/x and http://{REDACTED}@h3"),
    # In JSON, a Python repr, and JSON inside a JSON string.
    ('{"proxy": "http://u:my secret@proxy:3128", "retries": 3}',
     f'{{"proxy": "http://{REDACTED}@proxy:3128", "retries": 3}}'),
    ("{'https': 'http://u:my secret@proxy:3128', 'http': None}",
     f"{{'https': 'http://{REDACTED}@proxy:3128', 'http': None}}"),
    ('{"msg": "{\\"proxy\\": \\"http://u:my secret@p:1\\"}"}',
     f'{{"msg": "{{\\"proxy\\": \\"http://{REDACTED}@p:1\\"}}"}}'),
])
def test_a_password_with_spaces_is_removed_whole(text: str, expected: str) -> None:
    assert redact(text) == expected
    assert redact_url_credentials(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    # Percent-encoded (a space as %20, an "@" as %40): one word, as before.
    ("http://u:pa%20ss%40word@h:8000/", f"http://{REDACTED}@h:8000/"),
    ("http://u:p@ss@127.0.0.1:8000/", f"http://{REDACTED}@127.0.0.1:8000/"),
    # A URL with credentials, then a mail address on the same line: the host and address stay.
    ("Connecting to http://svc:pw@10.0.0.5:8000 as ada@lovelace.io",
     f"Connecting to http://{REDACTED}@10.0.0.5:8000 as ada@lovelace.io"),
    ("Connecting to http://svc:my pw@10.0.0.5:8000 as ada@lovelace.io",
     f"Connecting to http://{REDACTED}@10.0.0.5:8000 as ada@lovelace.io"),
])
def test_other_shapes_are_unchanged(text: str, expected: str) -> None:
    assert redact(text) == expected


@pytest.mark.parametrize("text", [
    # A host and port, then words and a mail address: no user or password there.
    "see http://localhost:8000 or mail ada@lovelace.io",
    "see http://localhost:8000, or mail ada@lovelace.io",
    "proxy http://proxy.corp:3128 (ask ada@lovelace.io)",
    "see http://[::1]:8000 for ada@lovelace.io",
    "see http://localhost for ada@lovelace.io",
    "http://localhost:8000/tables then ada@lovelace.io",
    # A line ends a URL: the next line's "@" is not its host.
    "http://u:pa ss\n@host",
    "mail ada@lovelace.io at http://h:1 now",
])
def test_text_after_a_url_without_credentials_stays(text: str) -> None:
    assert redact(text) == text and redact_url_credentials(text) == text


def test_the_action_log_s_record_and_exported_code_drop_it_too() -> None:
    assert drop_url_credentials("http://u:my secret@proxy:3128") == ("http://proxy:3128", True)
    record = redact_obj({"endpoint": "http://u:my secret@127.0.0.1:8000", "note": "ok"})
    assert record == {"endpoint": f"http://{REDACTED}@127.0.0.1:8000", "note": "ok"}
    assert "secret" not in json.dumps(record)


def test_the_cli_s_refusal_of_such_an_endpoint_does_not_quote_the_password(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A URL with a space is refused before any request; the sentence names it, redacted."""
    status = cli_main(["tables", "--endpoint-url", "http://ada:my secret@127.0.0.1:9"])
    err = capsys.readouterr().err
    assert status == 2
    assert f"http://{REDACTED}@127.0.0.1:9" in err
    assert "secret" not in err and "ada:" not in err
