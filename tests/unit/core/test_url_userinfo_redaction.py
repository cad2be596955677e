"""A password in an endpoint URL is hidden whatever it holds: ' " < > / # ? . (raw or
percent-encoded), in the connection line, every message, records and exported code.

Those characters used to end the URL's user info for the redaction pattern, so the password
was shown as typed (the window title, the action log, `transact --export cli`, error sentences)
while a plain password was hidden.
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys

import pytest

from dynoview.core.redaction import (
    REDACTED,
    drop_url_credentials,
    redact,
    redact_obj,
    redact_text,
    redact_url,
    redact_url_credentials,
)
from dynoview.core.session.connection import ConnectionSpec, ConnectionSpecError, check_endpoint_url
from dynoview.core.tx import code_export

USER = "admin"
HEAD, TAIL = "Sup3r", "Secr3tPa55"
HOST = "127.0.0.1:5055"
#: Each character that once ended the match, raw and percent-encoded.
CHARACTERS = ["'", '"', "<", ">", "/", "#", "?", "."]
PASSWORDS = [HEAD + c + TAIL for c in CHARACTERS] + [
    HEAD + "%27%22%3C%3E%2F%23%3F%40" + TAIL,  # all of them encoded
    HEAD + "@" + TAIL,  # a raw "@": the last one before the host counts
    HEAD + "'@/#" + TAIL,  # several at once
    HEAD + "'\"" + TAIL,  # both quotes
]
#: A password that urllib itself reads to its host part: the connection is made with it.
ACCEPTED = [p for p in PASSWORDS if not any(c in p for c in "/#?")]


def url_with(password: str, host: str = HOST) -> str:
    return f"http://{USER}:{password}@{host}"


def leaks(text: str) -> list[str]:
    return [part for part in (HEAD, TAIL) if part in text]


@pytest.mark.parametrize("password", PASSWORDS)
def test_the_connection_line_names_the_host_and_no_password(password: str) -> None:
    line = ConnectionSpec(name="lab", endpoint_url=url_with(password)).describe()
    assert line == f"lab: http://{HOST} (user and password not sent)"
    assert not leaks(line)


@pytest.mark.parametrize("password", PASSWORDS)
def test_every_redaction_removes_the_whole_password(password: str) -> None:
    url = url_with(password)
    assert redact_url(url) == f"http://{REDACTED}@{HOST}"
    assert drop_url_credentials(url) == (f"http://{HOST}", True)
    for text in (f"Could not reach the endpoint at {url}. Retry.",
                 f'Could not connect to the endpoint URL: "{url}/"',  # botocore's: quotes unescaped
                 f"The endpoint URL {url!r} is wrong",  # repr: ' or " around it, as Python picks
                 json.dumps({"endpoint": url}),  # a quote escaped with a backslash
                 f"<Endpoint>{url}</Endpoint>", f"<{url}>",
                 f"--endpoint-url {shlex.quote(url)}"):  # a shell's '"'"' inside
        for clean in (redact_text(text), redact(text), redact_url_credentials(text)):
            assert not leaks(clean), clean
            assert f"{REDACTED}@{HOST}" in clean
    record = redact_obj({"connection": {"endpoint": url, "region": "us-east-1"}})
    assert record["connection"]["endpoint"] == f"http://{REDACTED}@{HOST}"


@pytest.mark.parametrize("password", PASSWORDS)
def test_exported_code_drops_the_password_and_still_names_the_host(password: str) -> None:
    request = {"TransactItems": [{"Put": {"TableName": "t", "Item": {"PK": {"S": "x"}}}}],
               "ClientRequestToken": "8f6d6f0e-59a3-4bd4-9d5a-3f1c2a3b4c5d"}
    cli = code_export.to_aws_cli(request, region="us-east-1", endpoint_url=url_with(password))
    assert "--endpoint-url http://127.0.0.1:5055" in cli.command
    assert code_export.URL_CREDENTIALS_NOTE in cli.note
    for code in (cli.script(), code_export.to_boto3(request, endpoint_url=url_with(password)),
                 code_export.to_javascript(request, endpoint_url=url_with(password))):
        assert not leaks(code) and "127.0.0.1:5055" in code


@pytest.mark.parametrize("password", PASSWORDS)
def test_a_refused_url_is_named_without_its_password(password: str) -> None:
    """Port 99999 is refused for every password; a "/", "#" or "?" ends the host part early, and
    that is refused first, in its own words."""
    url = url_with(password, "127.0.0.1:99999")
    with pytest.raises(ConnectionSpecError) as refused:
        check_endpoint_url(url)
    message = refused.value.message
    assert not leaks(message), message
    assert f"http://{REDACTED}@127.0.0.1:99999" in message
    if password in ACCEPTED:
        assert "port that is not a number" in message
    else:
        assert "an @ after its host part" in message and "leave them out" in message


@pytest.mark.parametrize("password", [p for p in PASSWORDS if p not in ACCEPTED])
def test_a_password_that_ends_the_host_part_is_refused_before_any_request(password: str) -> None:
    """urllib reads "http://admin:Sup3r/Secr3t@127.0.0.1:5055" as host "admin" (and a port that is
    no number): a URL the redaction and the sender read as two hosts is never used."""
    with pytest.raises(ConnectionSpecError, match="an @ after its host part") as refused:
        check_endpoint_url(url_with(password))
    assert not leaks(refused.value.message)


@pytest.mark.parametrize("password", ACCEPTED)
def test_a_password_urllib_reads_to_its_host_is_accepted(password: str) -> None:
    check_endpoint_url(url_with(password))  # the connection is made, without the password


@pytest.mark.parametrize("url", [
    "http://u:p@h/x@y", "https://u:p@host:8000/a@b.example",  # an "@" in the path
    "http://h:8000/x@127.0.0.1:5055",  # no password, but the same two readings
])
def test_an_at_sign_after_the_host_part_is_refused(url: str) -> None:
    with pytest.raises(ConnectionSpecError, match="an @ after its host part"):
        check_endpoint_url(url)


@pytest.mark.parametrize("text", [
    "https://host/path@v2", "git+https://github.com/org/repo@v1.2",
    '{"a":"http://h:1","b":"ada@lovelace.io"}', "'http://h:1','ada@lovelace.io'",
    "<http://h:1>ada@lovelace.io", "see http://[::1]:8000/x@y",
    "see http://localhost:8000/tables then ada@lovelace.io",
])
def test_urls_without_a_password_stay(text: str) -> None:
    assert redact_url_credentials(text) == text and redact_text(text) == text


@pytest.mark.parametrize(("text", "expected"), [
    # A JSON string: its closing quote ends the URL, the next field stays.
    ('{"a":"http://u:p\\"q@h:1","b":"ada@lovelace.io"}', f'{{"a":"http://{REDACTED}@h:1","b":"ada@lovelace.io"}}'),
    # An "@" and a "/" both in the password: everything to the host's "@".
    ("https://user:p@ss/w#o?rd@host/x", f"https://{REDACTED}@host/x"),
    ("http://o'brien:pw@h:1", f"http://{REDACTED}@h:1"),
])
def test_the_url_s_own_quotes_end_it(text: str, expected: str) -> None:
    assert redact_text(text) == expected


def test_long_values_shaped_like_urls_are_redacted_in_one_pass() -> None:
    """The password may run over / ? # now: a long value of URL pieces must still be linear
    (a child process: a backtracking regex holds the GIL, so no thread can time it out)."""
    shapes = [("http://a:b/", 40_000), ("a://x:", 60_000), ("a://x:y@/", 40_000),
              ("'http://a:", 40_000), ("http://a:b/@", 40_000), ("http://:'\"'\"'", 80_000)]
    code = ("from dynoview.core.redaction import redact_text\n"
            f"for part, times in {shapes!r}:\n    redact_text(part * times)\nprint('done')")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "done", done.stderr


@pytest.mark.parametrize("password", [
    "my Sup3r#Secr3tPa55", "correct horse/Sup3rSecr3tPa55", "it's Sup3rSecr3tPa55",
    'say "Sup3rSecr3tPa55"', "<Sup3rSecr3tPa55> x", "two words?Sup3rSecr3tPa55", "a b@Sup3rSecr3tPa55",
])
def test_a_refused_url_never_quotes_a_password_no_pattern_reads_whole(password: str) -> None:
    """A space with one of # / ? ' " < > (or a raw @) in a password: the URL is refused for its
    space, and the refusal quotes the URL with everything before its last "@" hidden."""
    for source in ("The endpoint URL", "AWS_ENDPOINT_URL_DYNAMODB"):
        with pytest.raises(ConnectionSpecError, match="holds spaces") as refused:
            check_endpoint_url(f"http://{USER}:{password}@{HOST}", source=source)
        message = refused.value.message
        assert "Secr3t" not in message and USER not in message, message
        assert f"'http://{REDACTED}@{HOST}'" in message
