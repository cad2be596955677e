"""The release feed: PyPI's JSON API for the package (``https://pypi.org/pypi/<name>/json``).

One GET with a timeout and a size cap; anything but a well-formed answer with a valid version
is a ``FeedError`` with a sentence, never a traceback: the check is a nicety and must not crash.
An https:// feed stays on https: a redirect to any other scheme is refused (urllib follows one to
http://, where anyone on the network could answer), and the release page the user is sent to is
https:// only.
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from dataclasses import dataclass
from http.client import HTTPMessage
from typing import IO
from urllib.parse import urlsplit

from packaging.version import InvalidVersion, Version

from dynoview import APP_NAME, __version__

PACKAGE = "dynoview"
DEFAULT_FEED_URL = f"https://pypi.org/pypi/{PACKAGE}/json"
FEED_URL_ENV = "DYNOVIEW_UPDATE_FEED"  # another feed (a mirror, a test server)
TIMEOUT_S = 5.0
MAX_BYTES = 4_000_000  # a package's JSON with every release listed stays far below this


class FeedError(Exception):
    """The feed could not be read or did not make sense; the message says which."""


@dataclass(frozen=True)
class Release:
    version: Version
    page: str  # where the user reads about it (and installs it themselves)


def feed_url(environ: dict[str, str] | None = None) -> str:
    env = os.environ if environ is None else environ
    return env.get(FEED_URL_ENV, "").strip() or DEFAULT_FEED_URL


def parse(body: bytes) -> Release:
    """The newest release named by a PyPI JSON answer (``info.version``: PyPI's latest non-yanked)."""
    try:
        data = json.loads(body)
        info = data["info"]
        raw = info["version"]
        if not isinstance(raw, str):
            raise TypeError(type(raw).__name__)
        version = Version(raw)
    except (ValueError, KeyError, TypeError, InvalidVersion) as exc:
        raise FeedError(f"the release feed's answer is not a release description ({exc})") from None
    page = info.get("release_url") or info.get("package_url") or ""
    if not _is_https(page):  # http:// too: "Open its page" would load it unencrypted
        page = f"https://pypi.org/project/{PACKAGE}/{version}/"
    return Release(version, page)


def _is_https(url: object) -> bool:
    if not isinstance(url, str):
        return False
    try:
        parts = urlsplit(url)
    except ValueError:
        return False
    return parts.scheme == "https" and bool(parts.netloc)


class _StayOnHttps(urllib.request.HTTPRedirectHandler):
    """Follows redirects as urllib does, except one that leaves https: TLS would then protect
    only the first hop, and the answer (the version, the page to open) could come from anyone."""

    def redirect_request(self, req: urllib.request.Request, fp: IO[bytes], code: int, msg: str,
                         headers: HTTPMessage, newurl: str) -> urllib.request.Request | None:
        if urlsplit(req.full_url).scheme == "https" and urlsplit(newurl).scheme != "https":
            fp.close()
            raise FeedError(f"the release feed redirected to an unencrypted address ({newurl}); "
                            f"{APP_NAME} reads an https:// feed over https only, so its answer was "
                            "not read")
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def fetch_latest(url: str, timeout: float = TIMEOUT_S) -> Release:
    """Ask the feed for the newest release. Raises ``FeedError``."""
    if not url.startswith(("https://", "http://")):
        raise FeedError(f"the release feed must be an http(s) URL, not {url!r}")
    request = urllib.request.Request(url, headers={
        "Accept": "application/json", "User-Agent": f"{APP_NAME}/{__version__} update-check"})
    opener = urllib.request.build_opener(_StayOnHttps)
    try:
        with opener.open(request, timeout=timeout) as response:
            body = response.read(MAX_BYTES + 1)
    except ValueError:
        # urllib quotes the URL it could not use, which may be a proxy setting's, password and
        # all (``http:/user:password@proxy``, a slash missing): the sentence names the settings.
        raise FeedError("the release feed could not be reached: its address or the proxy setting "
                        "(HTTPS_PROXY, HTTP_PROXY) is not a valid URL") from None
    except (urllib.error.URLError, OSError) as exc:
        reason = getattr(exc, "reason", None) or exc
        raise FeedError(f"the release feed could not be reached ({reason})") from None
    if len(body) > MAX_BYTES:
        raise FeedError("the release feed's answer is too large")
    return parse(body)
