"""Who a connection signs in as (STS GetCallerIdentity: account, ARN) and where (its region).

A support person on an assumed role, or a chain of them, sees the identity the credentials
resolved to, not just a profile name. Local endpoints (DynamoDB Local, moto) accept any key,
so their identity is only asked when an STS endpoint is configured for them
(``AWS_ENDPOINT_URL_STS`` or ``AWS_ENDPOINT_URL``): never of AWS on their behalf.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol


class SignedConnection(Protocol):
    """What is read of a ``connection.Connection`` (not imported: it imports this module)."""

    spec: Any
    placeholder_credentials: bool
    region: str | None
    identity: Identity | None

    def new_client(self, service: str = ..., *, config: Any = ..., own_endpoint: bool = ...) -> Any: ...

STS_ENDPOINT_VARIABLES = ("AWS_ENDPOINT_URL_STS", "AWS_ENDPOINT_URL")


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
    return not conn.spec.is_local or any(env.get(v) for v in STS_ENDPOINT_VARIABLES)


def _sts_config() -> Any:
    from botocore.config import Config

    # A quick answer or none: the identity is shown, never waited for.
    return Config(retries={"mode": "standard", "total_max_attempts": 2}, connect_timeout=3,
                  read_timeout=10, user_agent_extra="DynoView")


def caller_identity(conn: SignedConnection) -> Identity | None:
    """The connection's caller (one GetCallerIdentity, remembered on it), or None where it cannot
    be known. AWS's refusals raise (botocore's errors, said by ``describe_error``)."""
    if conn.identity is not None:
        return conn.identity
    if not identity_is_knowable(conn):
        return None
    # STS's own endpoint (AWS_ENDPOINT_URL_STS or AWS's), not the DynamoDB endpoint.
    sts = conn.new_client("sts", config=_sts_config(), own_endpoint=False)
    answer = sts.get_caller_identity()
    conn.identity = Identity(account=str(answer["Account"]), arn=str(answer["Arn"]), region=conn.region)
    return conn.identity
