"""Where a connection reads: its endpoint, region, profile and (once known) account.

A reconnect to the same place (a new SSO sign-in, Ctrl+O on the same profile, Retry) shows the
same tables, so the window keeps its tabs, table and query; a reconnect elsewhere does not.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dynoview.core.redaction import redact_url


@dataclass(frozen=True)
class Place:
    endpoint_url: str | None
    region: str | None
    profile: str | None
    demo: bool = False
    #: The account of GetCallerIdentity, when it was asked before the connection was left.
    account: str | None = None

    @classmethod
    def of(cls, conn: Any) -> Place:
        """The place of a ``connection.Connection`` (read as ``Any``: it imports this package)."""
        spec = conn.spec
        identity = getattr(conn, "identity", None)
        return cls(endpoint_url=spec.endpoint_url, region=getattr(conn, "region", None) or spec.region,
                   profile=spec.profile, demo=spec.demo,
                   account=identity.account if identity is not None else None)

    def same_as(self, other: Place) -> bool:
        """The same tables: same endpoint, region and profile, and the same account when both
        accounts are known. The demo starts a new endpoint each time: never the same place."""
        if self.demo or other.demo:
            return False
        where = (self.endpoint_url, self.region, self.profile)
        if where != (other.endpoint_url, other.region, other.profile):
            return False
        return self.account is None or other.account is None or self.account == other.account

    def describe(self) -> str:
        """Short words for a status line: "account 1234… in eu-west-1" or the endpoint."""
        where = (self.account and f"account {self.account}") or redact_url(self.endpoint_url) or \
            (self.profile and f"profile {self.profile}") or "AWS"
        return f"{where} in {self.region or 'no region'}"
