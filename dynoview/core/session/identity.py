"""Who a connection signs in as (STS GetCallerIdentity: account, ARN) and where (its region).

A support person on an assumed role, or a chain of them, sees the identity the credentials
resolved to, not just a profile name. Local endpoints (DynamoDB Local, moto) accept any key,
so their identity is only asked when an STS endpoint is configured for them
(``AWS_ENDPOINT_URL_STS``, or ``sts`` in the profile's ``services`` section): never of AWS on
their behalf. STS never goes to the DynamoDB endpoint a profile's ``endpoint_url`` or
AWS_ENDPOINT_URL sets (``endpoints.sts_endpoint``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from dynoview.core.errors import DynoViewError
from dynoview.core.redaction import redact_url
from dynoview.core.session.endpoints import sts_endpoint


class SignedConnection(Protocol):
    """What is read of a ``connection.Connection`` (not imported: it imports this module)."""

    spec: Any
    placeholder_credentials: bool
    region: str | None
    identity: Identity | None

    def new_client(self, service: str = ..., *, config: Any = ..., own_endpoint: bool = ...,
                   service_endpoint: str | None = ...) -> Any: ...


class IdentityUnknown(DynoViewError):
    """The STS endpoint answered with something that is not GetCallerIdentity's answer."""


@dataclass(frozen=True)
class Identity:
    """The caller behind a connection's credentials."""

    account: str
    arn: str
    region: str | None

    def line(self) -> str:
        """One line for the status bar and the dialog."""
        return f"Signed in as {self.arn} (account {self.account}) in {self.region or 'no region'}"

    def short(self) -> str:
        """The account and the role or user name (an ARN's last parts), for a narrow badge."""
        name = self.arn.split(":", 5)[-1]
        return f"{self.account} · {name}"


def identity_is_knowable(conn: SignedConnection, environ: Mapping[str, str] | None = None) -> bool:
    """Whether asking STS makes sense: not for the demo, and for a local endpoint only when an
    STS endpoint is configured (the real STS would refuse its placeholder keys)."""
    env = os.environ if environ is None else environ
    if conn.spec.demo or conn.placeholder_credentials:
        return False
    return not conn.spec.is_local or sts_endpoint(conn.spec.profile, env) is not None


def _sts_config() -> Any:
    from botocore.config import Config

    # A quick answer or none: the identity is shown, never waited for. Configured endpoints
    # are ignored: the one STS should use is passed explicitly (``sts_endpoint``).
    return Config(retries={"mode": "standard", "total_max_attempts": 2}, connect_timeout=3,
                  read_timeout=10, user_agent_extra="DynoView", ignore_configured_endpoint_urls=True)


def caller_identity(conn: SignedConnection) -> Identity | None:
    """The connection's caller (one GetCallerIdentity, remembered on it), or None where it cannot
    be known. AWS's refusals raise (botocore's errors, said by ``describe_error``); an answer that
    is not STS's raises ``IdentityUnknown`` (a sentence, never a traceback)."""
    if conn.identity is not None:
        return conn.identity
    if not identity_is_knowable(conn):
        return None
    from botocore.parsers import ResponseParserError

    # STS's own endpoint (AWS_ENDPOINT_URL_STS, the profile's sts service, else AWS's), never
    # the DynamoDB endpoint: the profile's keys sign this request too.
    sts = conn.new_client("sts", config=_sts_config(), own_endpoint=False,
                          service_endpoint=sts_endpoint(conn.spec.profile))
    try:
        answer = sts.get_caller_identity()
        account, arn = str(answer["Account"]), str(answer["Arn"])
    except (ResponseParserError, KeyError, TypeError):
        raise IdentityUnknown(
            f"The STS endpoint {redact_url(sts.meta.endpoint_url)} did not answer as STS does: set "
            "AWS_ENDPOINT_URL_STS to an STS endpoint, or leave it unset for AWS's own.") from None
    conn.identity = Identity(account=account, arn=arn, region=conn.region)
    return conn.identity
