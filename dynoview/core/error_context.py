"""Facts of a failure that its exception's text does not give, for ``errors.describe_error``:
the proxy variable a request went through, which AWS file did not parse and where in it, and a
URL fit to name in a sentence.

Loaded with the first error described, as ``error_messages`` is. Nothing here quotes a line of
an AWS file (a credentials file's lines are keys) or the user info of a URL.
"""

from __future__ import annotations

import configparser
import os
from collections.abc import Mapping
from typing import TypedDict

from dynoview.core.redaction import REDACTED

#: The proxy variables botocore reads (through urllib's ``getproxies``), by URL scheme; botocore
#: only uses "http" and "https", "all" is named for completeness.
_PROXY_SCHEMES = ("https", "http", "all")
_ANY_PROXY = "HTTPS_PROXY or HTTP_PROXY"
_CONFIG = ("config", "AWS_CONFIG_FILE", "~/.aws/config")
_CREDENTIALS = ("credentials", "AWS_SHARED_CREDENTIALS_FILE", "~/.aws/credentials")


class Context(TypedDict, total=False):
    """The ``error_messages.Facts`` fields found here (see their comments there)."""

    proxy_url: str
    proxy_set_by: str
    proxy_var: str
    error_kind: str
    file_kind: str
    file_path: str
    file_var: str
    parse_detail: str


def shown_url(url: str) -> str:
    """``url`` with its user info replaced by ``<redacted>``: everything between the scheme and
    the last "@", whatever characters a password holds (a quote, a space, a "/")."""
    scheme, sep, rest = url.partition("://")
    if not sep:
        scheme, rest = "", url  # a proxy variable may omit the scheme ("user:pw@proxy:3128")
    _, at, host = rest.rpartition("@")
    return f"{scheme}{sep}{REDACTED}@{host}" if at else url


def context_for(exc: BaseException, endpoint: str | None) -> Context:
    """The ``error_messages.Facts`` fields ``exc`` needs beyond its class, by its class."""
    names = {cls.__name__ for cls in type(exc).__mro__}
    kwargs = getattr(exc, "kwargs", None)
    details: Mapping[str, object] = kwargs if isinstance(kwargs, Mapping) else {}
    if "ProxyConnectionError" in names:
        return proxy_facts(str(details.get("proxy_url") or ""), endpoint)
    if "ConfigParseError" in names:
        return config_file_facts(str(details.get("path") or ""), details.get("error"))
    if "HTTPClientError" in names:
        # Only the class of the client's own error: its text can be bytes of the URL (a password).
        inner = details.get("error")
        return {"error_kind": type(inner if inner is not None else exc).__name__}
    return {}


# -- proxies


def proxy_variables(environ: Mapping[str, str] | None = None) -> dict[str, tuple[str, str]]:
    """scheme -> (variable, value) as ``urllib.request.getproxies_environment`` picks them: any
    spelling of ``<scheme>_proxy``, then a lowercase one over it; an empty lowercase one unsets."""
    env = os.environ if environ is None else environ
    found: dict[str, tuple[str, str]] = {}
    for name, value in env.items():
        if value and name.lower().endswith("_proxy"):
            found[name.lower()[:-6]] = (name, value)
    if "REQUEST_METHOD" in env:  # urllib ignores HTTP_PROXY in a CGI script (CVE-2016-1000110)
        found.pop("http", None)
    for name, value in env.items():
        if name.endswith("_proxy"):
            if value:
                found[name.lower()[:-6]] = (name, value)
            else:
                found.pop(name.lower()[:-6], None)
    return found


def _as_botocore_names(value: str) -> str:
    """The proxy URL as a ``ProxyConnectionError`` gives it: a scheme added, user info masked."""
    from botocore.httpsession import mask_proxy_url

    if not value.startswith(("http:", "https:")):
        value = ("http:" if value.startswith("//") else "http://") + value
    return str(mask_proxy_url(value))


def proxy_facts(proxy_url: str, endpoint: str | None,
                environ: Mapping[str, str] | None = None) -> Context:
    """The proxy (user info redacted) and the variable that set it; a request to ``endpoint``
    uses its scheme's variable first (none: AWS's https)."""
    found = proxy_variables(environ)
    first = "http" if (endpoint or "").lower().startswith("http:") else "https"
    order = [first, *(s for s in _PROXY_SCHEMES if s != first)]
    for name, value in (found[s] for s in order if s in found):
        if not proxy_url or _as_botocore_names(value) == proxy_url:
            return {"proxy_url": shown_url(value), "proxy_set_by": f" (set by {name})",
                    "proxy_var": name}
    # Not from the environment (a system setting): botocore's masked URL, no variable to name.
    return {"proxy_url": shown_url(proxy_url) if proxy_url else "in use", "proxy_set_by": "",
            "proxy_var": f"the proxy setting ({_ANY_PROXY})"}


# -- AWS config and credentials files


def _expanded(path: str) -> str:
    # As botocore's configloader reads a path: variables, then "~".
    return os.path.abspath(os.path.expanduser(os.path.expandvars(path)))


def config_file_facts(path: str, error: object) -> Context:
    """Which file ``path`` is (config or credentials, and the variable that chooses it) and
    what configparser found wrong in it."""
    kinds = [kind for kind in (_CREDENTIALS, _CONFIG)
             if path and _expanded(os.environ.get(kind[1]) or kind[2]) == _expanded(path)]
    if not kinds:  # neither the variables nor the default places: name both variables
        kinds = [(_CONFIG[0], f"{_CONFIG[1]} or {_CREDENTIALS[1]}", "")]
    return {"file_kind": kinds[0][0], "file_path": path or "(unknown path)",
            "file_var": " or ".join(kind[1] for kind in kinds), "parse_detail": parse_detail(error)}


def _lines(numbers: list[int]) -> str:
    listed = ", ".join(str(n) for n in numbers[:5]) + (", ..." if len(numbers) > 5 else "")
    return f"line {listed}" if len(numbers) == 1 else f"lines {listed}"


def parse_detail(error: object) -> str:
    """Where and why a file did not parse, as configparser or botocore tell it: line numbers,
    section and option names, never a line's text."""
    if isinstance(error, configparser.MissingSectionHeaderError):
        return (f"line {error.lineno} is outside any [section] (a header there without its "
                "closing ]?).")
    if isinstance(error, configparser.DuplicateOptionError):
        return (f"option {error.option!r} appears twice in section {error.section!r} (again at "
                f"line {error.lineno}).")
    if isinstance(error, configparser.DuplicateSectionError):
        return f"section {error.section!r} appears twice (again at line {error.lineno})."
    if isinstance(error, configparser.ParsingError):
        numbers = [int(entry[0]) for entry in getattr(error, "errors", ()) if entry]
        if numbers:
            verb = "is" if len(numbers) == 1 else "are"
            return f"{_lines(numbers)} {verb} neither a [section] header nor a name = value line."
    if isinstance(error, UnicodeDecodeError):
        return f"it is not {error.encoding} text (byte {error.start} does not decode)."
    if isinstance(error, ValueError):  # botocore's nested settings ("s3 =" and indented lines)
        return "an indented line under a nested setting (such as s3 =) has no \"=\"."
    return ("a [profile NAME] header without its closing ], a line outside any section, or "
            "another line that is not INI.")
