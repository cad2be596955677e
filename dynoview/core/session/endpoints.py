"""What an endpoint URL says about where the requests go: this machine, AWS itself, or
another host over plain http:// where anyone on the way reads them.

SigV4 never sends the secret key, but over http:// the table's items travel readable, so do
the access key id and a session token (``X-Amz-Security-Token``), and a signed request that is
captured can be sent again for up to 15 minutes (a write included) or answered with forged
items. DynamoDB itself also answers on http://, so ``http://dynamodb.REGION.amazonaws.com`` is
refused outright; another host (DynamoDB Local on the LAN, a compose service's name) is warned
about only when the keys signing for it look like AWS's own.
"""

from __future__ import annotations

import ipaddress
import re
from urllib.parse import urlparse

#: Host names that belong to AWS's services (commercial, China and dual-stack endpoints).
AWS_HOST_SUFFIXES = (".amazonaws.com", ".amazonaws.com.cn", ".api.aws")
#: An access key id as AWS issues them: AKIA long-term, ASIA temporary, then 16 of A-Z, 0-9.
AWS_KEY_ID_RE = re.compile(r"(?:AKIA|ASIA)[A-Z0-9]{16}")
CLEARTEXT_FIX = "use https:// if the host has it, or keys that are not AWS's for a local engine"


def _host(endpoint_url: str | None) -> str:
    try:
        return (urlparse(endpoint_url or "").hostname or "").lower().rstrip(".")
    except ValueError:
        return ""


def endpoint_is_local(endpoint_url: str | None) -> bool:
    """True when the endpoint is on this machine (loopback), where writes need less ceremony."""
    if not endpoint_url:
        return False
    host = _host(endpoint_url)
    if host in {"localhost", "localhost.localdomain"} or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def is_aws_host(endpoint_url: str | None) -> bool:
    """True when the endpoint names one of AWS's own hosts (``dynamodb.eu-west-1.amazonaws.com``)."""
    host = _host(endpoint_url)
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
    host = _host(endpoint_url)
    return (f"Requests to {host} travel unencrypted (http://) and are signed with AWS keys: anyone "
            "on the network can read the items, the access key id and any session token, and "
            f"send a captured request again for 15 minutes. {CLEARTEXT_FIX[0].upper()}"
            f"{CLEARTEXT_FIX[1:]}.")
