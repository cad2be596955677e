"""Reading the release feed over HTTP: a release, a broken answer, nobody there."""

from __future__ import annotations

import pytest
from packaging.version import Version

from dynoview.core.updates.feed import (
    DEFAULT_FEED_URL,
    FEED_URL_ENV,
    FeedError,
    feed_url,
    fetch_latest,
    parse,
)
from tests.unit.core.updates.feed_server import feed_server, unreachable_url


def test_reads_the_newest_version_and_its_page() -> None:
    with feed_server() as feed:
        feed.release("0.2.0")
        release = fetch_latest(feed.url)
    assert release.version == Version("0.2.0")
    assert release.page == "https://pypi.org/project/dynoview/0.2.0/"
    assert feed.requests == ["/pypi/dynoview/json"]


@pytest.mark.parametrize("body", [b"{not json", b"[]", b'{"info": {}}', b'{"info": {"version": 3}}',
                                  b'{"info": {"version": "not a version"}}', b"\xff\xfe"])
def test_malformed_answers_are_a_sentence(body: bytes) -> None:
    with feed_server() as feed:
        feed.body = body
        with pytest.raises(FeedError, match="not a release description"):
            fetch_latest(feed.url)


def test_http_error_and_unreachable_feed_are_a_sentence() -> None:
    with feed_server() as feed:
        feed.status, feed.body = 503, b"busy"
        with pytest.raises(FeedError, match="could not be reached"):
            fetch_latest(feed.url)
    with pytest.raises(FeedError, match="could not be reached"):
        fetch_latest(unreachable_url(), timeout=2)


def test_only_http_feeds_are_read(tmp_path) -> None:
    local = tmp_path / "feed.json"
    local.write_text('{"info": {"version": "9.0"}}')
    with pytest.raises(FeedError, match="http"):
        fetch_latest(local.as_uri())


def test_a_page_that_is_not_a_web_address_is_replaced() -> None:
    release = parse(b'{"info": {"version": "1.0rc1", "release_url": "javascript:alert(1)"}}')
    assert release.version == Version("1.0rc1")
    assert release.page == "https://pypi.org/project/dynoview/1.0rc1/"


def test_feed_url_is_configurable() -> None:
    assert feed_url({}) == DEFAULT_FEED_URL == "https://pypi.org/pypi/dynoview/json"
    assert feed_url({FEED_URL_ENV: "http://127.0.0.1:9/x.json"}) == "http://127.0.0.1:9/x.json"


def test_a_mistyped_proxy_setting_is_named_without_its_password(monkeypatch: pytest.MonkeyPatch) -> None:
    """urllib quotes a proxy URL it cannot use, password and all; the sentence shown in the
    update check's message box names the setting instead."""
    for name in ("HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "NO_PROXY", "no_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HTTPS_PROXY", "http:/bob:S3cretPw99@proxy.invalid:3128")  # a slash missing
    with pytest.raises(FeedError) as raised:
        fetch_latest("https://pypi.org/pypi/dynoview/json", timeout=3)
    assert "S3cretPw99" not in str(raised.value)
    assert "proxy setting (HTTPS_PROXY, HTTP_PROXY) is not a valid URL" in str(raised.value)
