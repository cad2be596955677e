"""Connections: where DynamoDB is, which credentials reach it, and read-only enforcement.

A ``ConnectionSpec`` is what gets saved (names, profiles, regions, endpoints;
never secrets). A ``Connection`` is a live boto3 client built from it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from functools import cache
from typing import TYPE_CHECKING, Any
from urllib.parse import urlparse

from dynoview.core.errors import DynoViewError
from dynoview.core.redaction import (
    REDACTED,
    drop_url_credentials,
    install_log_redaction,
    remember_credentials,
    remember_secrets,
)
from dynoview.core.session import production, signin
from dynoview.core.session.answers import install_answer_check
from dynoview.core.session.endpoints import (
    ConfiguredEndpointError,
    cleartext_warning,
    configured_endpoint,
    endpoint_host,
    endpoint_is_local,
    is_aws_host,
)
from dynoview.core.session.integrity import install_integrity_check
from dynoview.core.session.operations import check_read_only

if TYPE_CHECKING:
    from botocore.config import Config

    from dynoview.core.session.identity import Identity
    from dynoview.core.session.signin import MfaPrompter

# boto3 is imported on first connect (in a worker thread), not at start-up:
# it is a fifth of a second the window does not need to appear.


@cache
def client_config() -> Config:
    """Deliberate retry and timeout policy for a desktop app: bounded attempts so a
    user is never left waiting minutes, standard mode for throttling back-off.

    ``total_max_attempts`` counts the first try: botocore's ``max_attempts`` key
    counts retries only, so ``max_attempts: 4`` would mean five sends.
    """
    from botocore.config import Config

    return Config(
        retries={"mode": "standard", "total_max_attempts": 4},
        connect_timeout=5,
        read_timeout=30,
        max_pool_connections=32,
        user_agent_extra="DynoView",
    )


DEMO_REGION = "us-east-1"
# What a loopback endpoint gets when no AWS credentials are found: DynamoDB Local, LocalStack
# and moto accept any key (DynamoDB Local only letters and digits in the key id), and the
# AWS docs tell local users to configure fake ones; DynoView does it for them, and says so.
PLACEHOLDER_CREDENTIALS = {"aws_access_key_id": "dynoviewlocal",
                           "aws_secret_access_key": "dynoviewlocal"}
PLACEHOLDER_NOTE = ("No AWS credentials were found, so DynoView signs with placeholder keys: "
                    "local endpoints (DynamoDB Local, LocalStack, moto) accept any.")
#: Said where the connection is shown when its endpoint URL holds a user or password.
USERINFO_NOTE = ("The user and password in the endpoint URL are not sent: DynamoDB uses none (requests "
                 "are signed with AWS keys). Leave them out of the URL.")
USERINFO_SHORT = "user and password not sent"
PRODUCTION_NOTE = ("This is a production connection: it opens read-only, and writing needs "
                   "Write mode… in the window's status bar, with the account id typed.")


class ConnectionSpecError(DynoViewError):
    """An endpoint URL or a region that no connection can be made with."""


#: AWS region names: partition letters, words, a number (us-east-1, us-gov-west-1, eusc-de-east-1).
AWS_REGION_RE = re.compile(r"[a-z]{2,4}(?:-[a-z]+){1,3}-[0-9]{1,2}")
#: What botocore accepts as a region (one host label): a local endpoint takes any such name.
_REGION_LABEL_RE = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?")


def _refused_url_shown(url: str) -> str:
    """``url`` as a refusal quotes it: everything between the scheme and its last "@" hidden. A
    URL refused for what it holds (a space, a backslash, an "@" past its host) may hold a password
    that no pattern reads whole ("my pass#1"): the structure alone decides what to hide."""
    if "@" not in url:
        return url
    scheme, sep, rest = url.partition("://")
    head = scheme + sep if sep else ""
    return f"{head}{REDACTED}@{(rest if sep else url).rpartition('@')[2]}"


def check_endpoint_url(url: str | None, *, source: str = "The endpoint URL") -> None:
    """Refuse, with a sentence, an endpoint URL that is not ``http(s)://host[:port][/path]``."""
    if url is None:
        return
    shown = _refused_url_shown(url)
    hint = ("write it as http://HOST:PORT or https://HOST (for DynamoDB Local usually "
            "http://localhost:8000).")
    if not url.strip() or any(c.isspace() or ord(c) < 32 or ord(c) == 127 for c in url):
        raise ConnectionSpecError(f"{source} {shown!r} holds spaces or control characters: {hint}",
                                  field="endpoint_url")
    if "\\" in url:
        # urllib reads "http://a.example\@127.0.0.1" as 127.0.0.1 and urllib3, which sends, as
        # a.example: the checks here (local, AWS over http://) would judge another host.
        raise ConnectionSpecError(f"{source} {shown!r} holds a backslash (\\), which a URL does not "
                                  f"take: {hint}", field="endpoint_url")
    try:
        parsed = urlparse(url)
    except ValueError:  # "http://[::1" (unclosed), "http://[zz]": brackets hold only an IPv6 address
        raise ConnectionSpecError(f"{source} {shown!r} has square brackets that do not enclose an "
                                  f"IPv6 address (as in http://[::1]:8000): {hint}",
                                  field="endpoint_url") from None
    if parsed.scheme.lower() not in ("http", "https"):
        raise ConnectionSpecError(f"{source} {shown!r} is not an http:// or https:// URL: {hint}",
                                  field="endpoint_url")
    host = parsed.hostname
    if "@" in parsed.path + parsed.query + parsed.fragment or \
            endpoint_host(drop_url_credentials(url)[0]) != (host or "").rstrip("."):
        # A password holding "/", "?" or "#" ends the host part early: the URL names another
        # host than the one after its last "@", and redaction cannot tell what to hide.
        raise ConnectionSpecError(
            f"{source} {shown!r} has an @ after its host part: a user or password holding /, ? or # "
            "makes the URL name another host. DynamoDB uses no user or password (requests are "
            f"signed with AWS keys): leave them out and {hint}", field="endpoint_url")
    try:
        _port = parsed.port
    except ValueError:
        raise ConnectionSpecError(f"{source} {shown!r} has a port that is not a number from 1 to "
                                  f"65535: {hint}", field="endpoint_url") from None
    if not host or _port == 0:
        raise ConnectionSpecError(f"{source} {shown!r} names no host: {hint}", field="endpoint_url")
    if parsed.query or parsed.fragment:
        raise ConnectionSpecError(f"{source} {shown!r} has a query or a fragment (after ? or #), "
                                  f"which an endpoint does not take: {hint}", field="endpoint_url")
    if parsed.scheme.lower() == "http" and is_aws_host(url):
        raise ConnectionSpecError(
            f"{source} {shown!r} reaches AWS over plain http://, where the table's items, the "
            "access key id and the session token travel readable and a captured request can be "
            "sent again: write https://, or leave the endpoint empty to use the region's own.",
            field="endpoint_url")


def check_region(region: str | None, *, endpoint_url: str | None = None,
                 source: str = "The region") -> None:
    """Refuse, with a sentence, a region that is not an AWS region name (``us-east-1``). With an
    endpoint URL (DynamoDB Local, LocalStack take any region), any single host label is allowed."""
    if region is None:
        return
    if AWS_REGION_RE.fullmatch(region) or (endpoint_url and _REGION_LABEL_RE.fullmatch(region)):
        return
    raise ConnectionSpecError(
        f"{source} {region!r} is not an AWS region name: regions are written like us-east-1, "
        "eu-west-2 or ap-southeast-1 (lowercase letters, hyphens and a number). Check --region, "
        "AWS_REGION and the profile's region.", field="region")


def with_configured_endpoint(spec: ConnectionSpec,
                             environ: Mapping[str, str] | None = None) -> ConnectionSpec:
    """``spec`` with the endpoint the environment or its profile's config sets for DynamoDB when
    it names none, as the AWS SDKs and CLI use it (``endpoints.configured_endpoint``): the
    requests go where every line about the connection says, never to AWS in its place."""
    if spec.endpoint_url or spec.demo:
        return spec
    try:
        found = configured_endpoint(spec.profile, environ)
    except ConfiguredEndpointError as exc:
        raise ConnectionSpecError(str(exc), field="endpoint_url") from None
    if found is None:
        return spec
    check_endpoint_url(found.url, source=found.source)
    return replace(spec, endpoint_url=found.url)


def validate_spec(spec: ConnectionSpec) -> None:
    """The spec's endpoint URL and region, checked before any client is made from them."""
    check_endpoint_url(spec.endpoint_url)
    check_region(spec.region, endpoint_url=spec.endpoint_url)


@dataclass(frozen=True)
class ConnectionSpec:
    """How to reach DynamoDB. Contains no secrets, so it is safe to save."""

    name: str
    profile: str | None = None
    region: str | None = None
    endpoint_url: str | None = None
    read_only: bool = False
    demo: bool = False
    #: Opens read-only; writing needs the account id typed, for this session (``production``).
    production: bool = False
    #: The host the user agreed to send requests to over plain http:// (the connection dialog's
    #: "Send in clear text"); another host in ``endpoint_url`` is asked about again.
    cleartext_host: str | None = None

    @property
    def is_local(self) -> bool:
        return self.demo or endpoint_is_local(self.endpoint_url)

    def describe(self) -> str:
        """One line for title bars and logs: name, where, and the read-only flag.

        A user and password in the endpoint URL are left out, and said to be: this line reaches
        crash reports, confirmations and the command line's output, and they are never sent.
        """
        url, had = drop_url_credentials(self.endpoint_url) if self.endpoint_url else ("", False)
        where = (f"{url} ({USERINFO_SHORT})" if had else url) or \
            f"AWS {self.region or 'default region'}"
        who = f" profile {self.profile}" if self.profile else ""
        flags = [f for f, on in (("production", self.production), ("read-only", self.read_only)) if on]
        ro = f" ({', '.join(flags)})" if flags else ""
        return f"{self.name}: {where}{who}{ro}"

    def to_settings(self) -> dict[str, Any]:
        data = asdict(self)
        data.pop("demo", None)
        if not self.production:
            data.pop("production", None)  # only a marked connection says so in its settings
        return {k: v for k, v in data.items() if v not in (None, "")}

    @classmethod
    def from_settings(cls, data: Mapping[str, Any]) -> ConnectionSpec:
        """Build a spec from saved settings, ignoring unknown or mistyped keys."""
        def text(key: str) -> str | None:
            value = data.get(key)
            return value.strip() or None if isinstance(value, str) else None

        name = text("name")
        if not name:
            raise ValueError("A saved connection has no name.")
        return cls(
            name=name,
            profile=text("profile"),
            region=text("region"),
            endpoint_url=text("endpoint_url"),
            read_only=bool(data.get("read_only", False)),
            production=data.get("production") in (True, "true", "1", 1),
            cleartext_host=text("cleartext_host"),
        )


def spec_from_environment(
    *,
    profile: str | None = None,
    region: str | None = None,
    endpoint_url: str | None = None,
    read_only: bool = False,
    production: bool = False,
    environ: Mapping[str, str] | None = None,
) -> ConnectionSpec:
    """The connection the command line and environment ask for (flags win over variables), with
    the endpoint the AWS SDKs would use when no flag names one (``configured_endpoint``)."""
    env = os.environ if environ is None else environ
    # botocore's order: AWS_DEFAULT_PROFILE before AWS_PROFILE.
    profile = profile or env.get("AWS_DEFAULT_PROFILE") or env.get("AWS_PROFILE") or None
    region = region or env.get("AWS_REGION") or env.get("AWS_DEFAULT_REGION") or None
    from_profile = False
    if not endpoint_url:
        try:
            found = configured_endpoint(profile, env)
            if found is not None:
                check_endpoint_url(found.url, source=found.source)
        except (ConfiguredEndpointError, ConnectionSpecError):
            found = None  # the Connection looks again, and says what is wrong and where it is set
        endpoint_url, from_profile = (found.url, found.from_profile) if found else (None, False)
    name = "local" if endpoint_url and not from_profile else (profile or "default")
    return ConnectionSpec(
        name=name, profile=profile, region=region, endpoint_url=endpoint_url, read_only=read_only,
        production=production,
    )


def available_profiles() -> tuple[list[str], str | None]:
    """Profiles boto3 sees in the config and credentials files (SSO profiles included), and why
    there are none when those files cannot be read (a sentence naming the file), else None."""
    import boto3.session

    try:
        return sorted(boto3.session.Session().available_profiles), None
    except Exception as exc:  # a broken config file must not stop the dialog from opening
        from dynoview.core.errors import describe_error

        return [], describe_error(exc).message


class Connection:
    """A live low-level DynamoDB client for one ConnectionSpec, and the app's one client factory.

    The low-level client keeps numbers as strings, so values stay lossless.
    Read-only is a property of the session: a botocore ``before-call`` hook is
    registered on the boto3 session's events before any client exists, and every
    client copies the session's handlers when it is made, so each client made from
    this session (``client``, ``streams_client()``, ``new_client()``, or
    ``session.client(...)`` called directly) refuses writes after the request is
    built and before it is sent.
    """

    def __init__(
        self,
        spec: ConnectionSpec,
        *,
        credentials: Mapping[str, str] | None = None,
        config: Config | None = None,
        mfa_prompter: MfaPrompter | None = None,
        credential_cache: Any = None,
    ) -> None:
        """``mfa_prompter`` asks for an MFA code (default: ``signin.default_prompter()``, the
        window's dialog; None there: a sentence saying what to pass); ``credential_cache`` keeps
        assumed roles' credentials (default: the AWS CLI's cache folder)."""
        import boto3.session

        #: The spec this connection was asked for, before the configured endpoint and production
        #: were filled in (``spec``): what a caller waiting for "its" connection compares.
        self.asked = spec
        if not spec.demo:
            spec = with_configured_endpoint(spec)  # named in the spec: title, checks, action log
            validate_spec(spec)  # a sentence, before boto3 says "Unexpected error" about it
        # botocore's DEBUG logs carry the access key id and session token: keep them out.
        install_log_redaction()
        if credentials:
            remember_secrets(*(v for k, v in credentials.items() if k != "region_name"))
        session_kwargs: dict[str, Any] = {}
        if spec.profile:
            session_kwargs["profile_name"] = spec.profile
        if credentials:
            session_kwargs.update(credentials)
        self.session = boto3.session.Session(**session_kwargs)
        if not spec.demo:
            # Production opens read-only, matched on the profile that signs: without one named,
            # boto3's (AWS_DEFAULT_PROFILE, AWS_PROFILE, else "default"). Typed keys name none.
            signs_as = spec.profile or (None if credentials else self.session.profile_name)
            spec = production.as_opened(spec, profile=signs_as)
        elif spec.production:  # the demo marked production (--demo --production): read-only too
            spec = production.as_opened(spec, patterns=())
        self.spec = spec
        self.identity: Identity | None = None  # set by identity.caller_identity
        self.placeholder_credentials = False  # True: a loopback endpoint and no AWS credentials
        if not credentials:
            signin.install_signin(self.session, mfa_prompter or signin.default_prompter(),
                                  credential_cache)
        # Now, in the connecting thread: the MFA prompt, a credential_process's failure and a
        # cancel all happen before any client exists, so no half-made connection is left. Once:
        # a failing chain asked twice ran its process twice (a hanging one: twice its timeout).
        # A chain that fails is said in its own words, which name the login to run, even for a
        # loopback endpoint: placeholder keys would hide it.
        if not credentials and signin.sign_in(self.session, spec.profile) is None \
                and endpoint_is_local(spec.endpoint_url):
            self.session = boto3.session.Session(**session_kwargs, **PLACEHOLDER_CREDENTIALS)
            self.placeholder_credentials = True
        if not self.placeholder_credentials:
            # The keys the chain resolved (and each refresh of them) are removed from every log
            # line and message, even where no pattern would spot them: for the window and the CLI.
            remember_credentials(self.session)
        #: USERINFO_NOTE when the endpoint URL holds a user or password (never sent), else None.
        self.endpoint_note = USERINFO_NOTE if drop_url_credentials(spec.endpoint_url or "")[1] else None
        #: A sentence when AWS keys sign requests that travel unencrypted (endpoints.py), else None.
        self.cleartext_warning = (None if spec.demo or self.placeholder_credentials
                                  else _cleartext_warning(self.session, spec.endpoint_url))
        # First, so no other before-call handler can answer for a write before it is refused.
        self.session.events.register_first("before-call.dynamodb", self._guard)
        region = spec.region or self.session.region_name or ("us-east-1" if spec.endpoint_url else None)
        if not spec.region and not spec.demo:
            check_region(region, endpoint_url=spec.endpoint_url,
                         source=f"The region of profile {spec.profile or 'default'}")
        self.region = region
        self._config = config or client_config()
        self.client = self.new_client()
        self._streams_client: Any = None
        self._timed_streams_clients: dict[tuple[float, int], Any] = {}

    def new_client(self, service: str = "dynamodb", *, config: Config | None = None,
                   own_endpoint: bool = True, service_endpoint: str | None = None) -> Any:
        """A new client of this session on this connection's region and endpoint
        (``own_endpoint=False``: ``service_endpoint``, else the service's own from botocore's
        configuration, which ``config`` can turn off: STS's, ``identity.caller_identity``).

        Every client in the app comes from here (or from the session): the read-only
        guard is on the session, and DynamoDB clients also get the integrity check.
        """
        config = config or self._config
        if service in ("dynamodb", "dynamodbstreams"):
            from botocore.config import Config

            # The table's data goes where the spec says, and nowhere else: the configured
            # endpoint is in the spec already (``with_configured_endpoint``); one botocore would
            # pick by itself (a variable set later, a profile changed since) is never named by the
            # window, the checks or the action log.
            config = config.merge(Config(ignore_configured_endpoint_urls=True))
        # Without its user and password, which DynamoDB never uses: botocore's NO_PROXY check
        # compares the host with them, so a URL holding them went to the proxy, password and all.
        endpoint = drop_url_credentials(self.spec.endpoint_url)[0] if self.spec.endpoint_url else None
        client = self.session.client(service, region_name=self.region,
                                     endpoint_url=endpoint if own_endpoint else service_endpoint,
                                     config=config)
        if service == "dynamodb":
            install_integrity_check(client)  # a damaged read answer raises, never shows half
        if service in ("dynamodb", "dynamodbstreams"):
            install_answer_check(client)  # an HTML page (captive portal, proxy) is said as such
        return client

    def _guard(self, model: Any, params: Mapping[str, Any], **_: Any) -> None:
        if self.spec.read_only:
            body = params.get("body")
            check_read_only(model.name, body if isinstance(body, Mapping) else _decode_body(params),
                            production_note=PRODUCTION_NOTE if self.spec.production else None)

    @property
    def read_only(self) -> bool:
        return self.spec.read_only

    def enable_writes(self, typed_account: str) -> None:
        """Production write mode for this session: only with the account id typed (the
        connection's name where the account is unknown). Saved connections stay production."""
        production.check_account(typed_account, self.identity.account if self.identity else None,
                                 self.spec.name)
        self.spec = replace(self.spec, read_only=False)

    def disable_writes(self) -> None:
        """Back to read-only (production's write mode ends)."""
        self.spec = replace(self.spec, read_only=True)

    def streams_client(self) -> Any:
        """The DynamoDB Streams client on the same endpoint and credentials (read-only API)."""
        if self._streams_client is None:
            self._streams_client = self.new_client("dynamodbstreams", config=client_config())
        return self._streams_client

    def streams_client_with(self, *, read_timeout: float, attempts: int) -> Any:
        """A DynamoDB Streams client of its own (one per pair of values) that waits at most
        ``read_timeout`` seconds for an answer and sends a call at most ``attempts`` times: for
        calls that answer at once by design (GetRecords), where a stalled endpoint must be said
        in seconds. ``streams_client`` and every other client keep the app's timeouts."""
        key = (float(read_timeout), int(attempts))
        client = self._timed_streams_clients.get(key)
        if client is None:
            from botocore.config import Config

            config = client_config().merge(Config(
                read_timeout=key[0], retries={"mode": "standard", "total_max_attempts": key[1]}))
            client = self._timed_streams_clients[key] = self.new_client("dynamodbstreams",
                                                                        config=config)
        return client

    def list_tables(self) -> list[str]:
        names: list[str] = []
        for page in self.client.get_paginator("list_tables").paginate():
            names.extend(page.get("TableNames", []))
        return names


def _cleartext_warning(session: Any, endpoint_url: str | None) -> str | None:
    """``cleartext_warning`` for the keys ``session`` signs with (already resolved: signed in)."""
    if endpoint_url is None:
        return None
    try:
        found = session.get_credentials()
        frozen = found.get_frozen_credentials() if found is not None else None
    except Exception:  # no keys found is said by the first request, in its own words
        return None
    if frozen is None:
        return None
    return cleartext_warning(endpoint_url, frozen.access_key, frozen.token)


def _decode_body(params: Mapping[str, Any]) -> Mapping[str, Any]:
    """The JSON body of a serialized request, for inspecting PartiQL statements."""
    import json

    body = params.get("body", b"")
    if isinstance(body, (bytes, bytearray)):
        body = body.decode("utf-8", "replace")
    try:
        decoded = json.loads(body) if body else {}
    except ValueError:
        return {}
    return decoded if isinstance(decoded, Mapping) else {}


def demo_credentials(access_key: str) -> dict[str, str]:
    """Keys for the embedded demo endpoint: ``access_key``, the id its session was given (the
    moto demo answers no other, dynoview.demo.moto_app), and a fixed secret (it checks no signature)."""
    return {
        "aws_access_key_id": access_key,
        "aws_secret_access_key": "demo-secret",
        "region_name": DEMO_REGION,
    }
