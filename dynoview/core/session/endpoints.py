"""What an endpoint URL says about where the requests go: this machine, AWS itself, or
another host over plain http:// where anyone on the way reads them; and which endpoint the
environment and the AWS config file set for DynamoDB, as the AWS SDKs read them.

SigV4 never sends the secret key, but over http:// the table's items travel readable, so do
the access key id and a session token (``X-Amz-Security-Token``), and a signed request that is
captured can be sent again for up to 15 minutes (a write included) or answered with forged
items. DynamoDB itself also answers on http://, so ``http://dynamodb.REGION.amazonaws.com`` is
refused outright; another host (DynamoDB Local on the LAN, a compose service's name) is warned
about only when the keys signing for it look like AWS's own.
"""

from __future__ import annotations

import ipaddress
import os
import re
import socket
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlparse

from dynoview.core.errors import DynoViewError
from dynoview.core.redaction import redact_url

#: Host names that belong to AWS's services (commercial, China and dual-stack endpoints).
AWS_HOST_SUFFIXES = (".amazonaws.com", ".amazonaws.com.cn", ".api.aws")
#: An access key id as AWS issues them: AKIA long-term, ASIA temporary, then 16 of A-Z, 0-9.
AWS_KEY_ID_RE = re.compile(r"(?:AKIA|ASIA)[A-Z0-9]{16}")
CLEARTEXT_FIX = "use https:// if the host has it, or keys that are not AWS's for a local engine"
#: An IPv4 address as the C library's inet_aton reads it (``127.1``, ``2130706433``, ``0x7f.1``):
#: getaddrinfo connects to these as the address they spell, so ``127.1`` is loopback.
_INET_ATON_RE = re.compile(r"(?:0x[0-9a-f]*|[0-9]+)(?:\.(?:0x[0-9a-f]*|[0-9]+)){0,3}")


def endpoint_host(endpoint_url: str | None) -> str:
    """The host an endpoint URL names, lowercase, without a trailing dot ("" when none)."""
    try:
        return (urlparse(endpoint_url or "").hostname or "").lower().rstrip(".")
    except ValueError:
        return ""


def _address(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """The IP address ``host`` spells, an IPv4-mapped IPv6 one as its IPv4 (None: a name)."""
    try:
        address: ipaddress.IPv4Address | ipaddress.IPv6Address = ipaddress.ip_address(host)
    except ValueError:
        if not _INET_ATON_RE.fullmatch(host):
            return None
        try:
            address = ipaddress.IPv4Address(socket.inet_aton(host))
        except OSError:  # a part out of range (256.1): not an address, and not reachable either
            return None
    mapped = address.ipv4_mapped if isinstance(address, ipaddress.IPv6Address) else None
    return mapped or address


def endpoint_is_local(endpoint_url: str | None) -> bool:
    """True when requests to the endpoint never leave this machine: localhost and ``*.localhost``
    (RFC 6761 reserves them for loopback), 127.0.0.0/8 and ::1 however spelled, and 0.0.0.0 or
    ``::`` (a server's bind address, which a client reaches on this machine).

    A private or link-local address (10/8, 192.168/16, fe80::/10) or a docker host name is NOT
    local: it is the café's or office's network, where anyone on it can read plain http://.
    Writes need less ceremony where this is True.
    """
    if not endpoint_url or "\\" in endpoint_url:
        # urllib (this check) reads "http://evil.example\@127.0.0.1" as 127.0.0.1, urllib3 (which
        # sends) as evil.example: a URL the two read differently is never taken for local.
        return False
    host = endpoint_host(endpoint_url)
    if host in {"localhost", "localhost.localdomain"} or host.endswith(".localhost"):
        return True
    address = _address(host)
    return address is not None and (address.is_loopback or address.is_unspecified)


def is_aws_host(endpoint_url: str | None) -> bool:
    """True when the endpoint names one of AWS's own hosts (``dynamodb.eu-west-1.amazonaws.com``)."""
    host = endpoint_host(endpoint_url)
    return any(host.endswith(suffix) or host == suffix[1:] for suffix in AWS_HOST_SUFFIXES)


def is_cleartext(endpoint_url: str | None) -> bool:
    """True when requests to ``endpoint_url`` leave this machine unencrypted (http://, not loopback)."""
    if not endpoint_url or endpoint_is_local(endpoint_url):
        return False
    try:
        return urlparse(endpoint_url).scheme.lower() == "http"
    except ValueError:
        return False


def looks_like_aws_keys(access_key: str | None, token: str | None) -> bool:
    """Keys AWS issued (an AKIA/ASIA key id) or any session token: what a local engine's
    made-up keys ("test", "dummy", DynoView's placeholder) never are."""
    return bool(token) or bool(access_key and AWS_KEY_ID_RE.fullmatch(access_key.strip()))


def cleartext_warning(endpoint_url: str | None, access_key: str | None,
                      token: str | None) -> str | None:
    """A sentence for the window and the command line when AWS keys sign requests that travel
    unencrypted, else None."""
    if not is_cleartext(endpoint_url) or not looks_like_aws_keys(access_key, token):
        return None
    host = endpoint_host(endpoint_url)
    return (f"Requests to {host} travel unencrypted (http://) and are signed with AWS keys: anyone "
            "on the network can read the items, the access key id and any session token, and "
            f"send a captured request again for 15 minutes. {CLEARTEXT_FIX[0].upper()}"
            f"{CLEARTEXT_FIX[1:]}.")


@dataclass(frozen=True)
class ConfiguredEndpoint:
    """An endpoint URL the environment or the AWS config file sets for DynamoDB."""

    url: str
    #: Where it is set, to start a sentence: "AWS_ENDPOINT_URL_DYNAMODB", "The endpoint_url of
    #: profile 'dev' in ~/.aws/config".
    source: str
    #: True when the profile's config sets it (the connection is named after the profile).
    from_profile: bool


class ConfiguredEndpointError(ValueError):
    """A profile names a ``services`` section its config file does not have (botocore's
    InvalidConfigError, said as a sentence)."""


def _is_true(value: object) -> bool:
    # botocore's ``ensure_boolean``: only "true", in any case, is true.
    return value is True or (isinstance(value, str) and value.lower() == "true")


def _profile_config(name: str, env: Mapping[str, str]) -> tuple[dict[str, Any], dict[str, Any], str]:
    """The profile's settings, the config file's ``services`` sections and that file's path, read
    as botocore reads them (the credentials file's keys merged into the profile)."""
    import botocore.configloader
    from botocore.exceptions import ConfigNotFound

    path = env.get("AWS_CONFIG_FILE") or "~/.aws/config"
    try:
        config = botocore.configloader.load_config(path)
    except ConfigNotFound:
        config = {"profiles": {}}
    profile = dict(config.get("profiles", {}).get(name, {}))
    try:
        creds = botocore.configloader.raw_config_parse(
            env.get("AWS_SHARED_CREDENTIALS_FILE") or "~/.aws/credentials")
    except ConfigNotFound:
        creds = {}
    profile.update(creds.get(name, {}))
    return profile, config.get("services", {}), path


def configured_endpoint(profile: str | None,
                        environ: Mapping[str, str] | None = None) -> ConfiguredEndpoint | None:
    """Where the AWS SDKs and CLI send DynamoDB's requests for ``profile`` when the code names no
    endpoint: AWS_ENDPOINT_URL_DYNAMODB, AWS_ENDPOINT_URL, the profile's ``services`` section,
    then its ``endpoint_url`` (botocore's order). None when none is set, when
    AWS_IGNORE_CONFIGURED_ENDPOINT_URLS or the profile's ``ignore_configured_endpoint_urls`` is
    true, or when the files cannot be read (the connection then says why, in its own words).
    Raises ``ConfiguredEndpointError`` for a ``services`` section that does not exist."""
    from botocore.exceptions import BotoCoreError

    env = os.environ if environ is None else environ
    name = profile or env.get("AWS_DEFAULT_PROFILE") or env.get("AWS_PROFILE") or "default"
    try:
        settings, services, path = _profile_config(name, env)
    except BotoCoreError:  # a file that does not parse: boto3 says so when the session is made
        return None
    # The variable wins over the profile, even set empty (botocore's chain).
    ignore = env["AWS_IGNORE_CONFIGURED_ENDPOINT_URLS"] if "AWS_IGNORE_CONFIGURED_ENDPOINT_URLS" in env \
        else settings.get("ignore_configured_endpoint_urls")
    if _is_true(ignore):
        return None
    for variable in ("AWS_ENDPOINT_URL_DYNAMODB", "AWS_ENDPOINT_URL"):
        if env.get(variable):
            return ConfiguredEndpoint(env[variable], variable, from_profile=False)
    where = f"profile '{name}' in {path}"
    section = settings.get("services")
    if section:
        if section not in services:
            raise ConfiguredEndpointError(
                f"The {where} names services section '{section}', which the file does not have: "
                f"add a [services {section}] section, or remove the profile's services line.")
        url = services[section].get("dynamodb", {}).get("endpoint_url")
        if url:
            return ConfiguredEndpoint(url, f"The dynamodb endpoint_url of services section "
                                           f"'{section}' (for {where})", from_profile=True)
    url = settings.get("endpoint_url")
    return ConfiguredEndpoint(url, f"The endpoint_url of {where}", from_profile=True) if url else None


class CleartextNotAgreed(DynoViewError):
    """The window would send a connection's requests over plain http:// to another machine
    whose host the user has not agreed to (``ConnectionSpec.cleartext_host``). Nothing was sent."""

    def __init__(self, message: str, *, url: str, source: str, host: str) -> None:
        super().__init__(message, field="endpoint_url")
        self.url, self.source, self.host = url, source, host


def resolved_endpoint(endpoint_url: str | None, profile: str | None,
                      environ: Mapping[str, str] | None = None) -> tuple[str, str] | None:
    """The endpoint a connection's DynamoDB requests go to and where it is set, to start a
    sentence: the one named ("The endpoint URL"), else the configured one
    (``configured_endpoint``). None: AWS's own, or a configuration the connection refuses."""
    if endpoint_url:
        return endpoint_url, "The endpoint URL"
    try:
        found = configured_endpoint(profile, environ)
    except ConfiguredEndpointError:  # the connection says it, naming the file
        return None
    return (found.url, found.source) if found else None


def check_cleartext_agreed(endpoint_url: str | None, profile: str | None, agreed_host: str | None,
                           environ: Mapping[str, str] | None = None) -> None:
    """Raise ``CleartextNotAgreed`` when the connection's endpoint, named or configured (the
    profile's ``endpoint_url``, AWS_ENDPOINT_URL...), is plain http:// to another machine than
    ``agreed_host``: the window asks before anything is sent (the command line warns instead)."""
    found = resolved_endpoint(endpoint_url, profile, environ)
    if found is None or not is_cleartext(found[0]):
        return
    url, source = found
    host = endpoint_host(url)
    if host == agreed_host:
        return
    raise CleartextNotAgreed(
        f"{source} {redact_url(url)!r} sends this connection's requests to {host} unencrypted "
        "(http://): anyone on the network can read the items and, when AWS keys sign them, the "
        "access key id and session token, and send a captured request again for minutes. Nothing "
        "was sent. Use https:// if the host has it, or agree to send in clear text to this host.",
        url=url, source=source, host=host)


def sts_endpoint(profile: str | None, environ: Mapping[str, str] | None = None) -> str | None:
    """Where the identity check's STS request goes: AWS_ENDPOINT_URL_STS, else the ``sts``
    endpoint_url of the profile's ``services`` section, else None (AWS's own STS). Never
    AWS_ENDPOINT_URL or the profile's ``endpoint_url``: botocore applies them to every service,
    and they name the DynamoDB endpoint (a LAN host, DynamoDB Local), which would receive an STS
    request signed with the profile's keys. None too when configured endpoints are ignored."""
    from botocore.exceptions import BotoCoreError

    env = os.environ if environ is None else environ
    name = profile or env.get("AWS_DEFAULT_PROFILE") or env.get("AWS_PROFILE") or "default"
    try:
        settings, services, _ = _profile_config(name, env)
    except BotoCoreError:  # a file that does not parse: the connection has said so already
        settings, services = {}, {}
    ignore = env["AWS_IGNORE_CONFIGURED_ENDPOINT_URLS"] if "AWS_IGNORE_CONFIGURED_ENDPOINT_URLS" in env \
        else settings.get("ignore_configured_endpoint_urls")
    if _is_true(ignore):
        return None
    if env.get("AWS_ENDPOINT_URL_STS"):
        return env["AWS_ENDPOINT_URL_STS"]
    section = services.get(settings.get("services") or "", {})
    url = section.get("sts", {}).get("endpoint_url") if isinstance(section, dict) else None
    return url or None
