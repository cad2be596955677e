"""Signing in the way support staff do: assumed roles behind MFA, role chains, external processes.

botocore's assume-role provider asks for an MFA code with ``getpass`` (standard input: a desktop
app started from a launcher hangs there) and refuses to refresh MFA-protected credentials once
they expire. ``install_signin`` replaces that provider on a session with one that asks a
``MfaPrompter`` (the window's dialog, the terminal, or a sentence saying what to pass), caches the
assumed role's credentials in the AWS CLI's own cache (``~/.aws/cli/cache``: the CLI and DynoView
reuse each other's sessions) and asks again only when they expire.

``sign_in`` resolves the credentials at once, so connecting is where a code is asked for and
where a failing ``credential_process`` is said as a sentence; a cancelled prompt raises
``MfaCancelled`` and no connection is made. A code STS refuses (or one that is not six digits)
is asked for again, saying why, up to ``MFA_TRIES`` codes. The code itself is handed to STS and dropped: never
logged (``redaction`` treats ``TokenCode`` and ``mfa_code`` as secrets), saved or cached.

A sign-in made inside ``replaceable(event)`` ends with ``MfaCancelled`` once ``event`` is set
(another connection replaced it): its prompt gets the event (``MfaRequest.cancel``) to stop
waiting on, and a code given after that is not sent.
"""

from __future__ import annotations

import os
import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal

from dynoview.core.errors import DynoViewError
from dynoview.core.redaction import redact_text, remember_credentials
from dynoview.core.session.credential_process import BoundedBuilder, bounded_providers
from dynoview.core.session.private_files import shared_private_dir

MFA_CODE_RE = re.compile(r"[0-9]{6}")
#: Codes asked for in one sign-in: past three refused in a row, the device, its clock or the
#: profile's mfa_serial is what is wrong, and asking more would only wear the user out.
MFA_TRIES = 3
#: After a Cancel in a refresh's prompt, for this long, requests that were queued behind that
#: prompt (botocore refreshes under one lock) get the same Cancel instead of a prompt each.
CANCEL_QUIET_S = 2.0
#: Why a code is asked for again: STS refused the last one ("refused"), it was not six digits
#: ("malformed"), or it was the code STS had just refused, so it was not sent ("repeated").
MfaAgain = Literal["refused", "malformed", "repeated"]


def _asks_again() -> str:
    """After a Cancel: which request asks for a code again (those in the quiet time do not)."""
    return (f"Nor is one made within {CANCEL_QUIET_S:g} s of this Cancel; a request after that asks for a "
            "code again.")


@dataclass(frozen=True)
class MfaRequest:
    """What a prompt shows: the device to read the code from and the profile that asked."""

    serial: str  # the MFA device's ARN (or a hardware token's serial number)
    profile: str
    again: MfaAgain | None = None  # None the first time a sign-in asks
    tries_left: int = MFA_TRIES  # codes that may still be given, this one included
    #: Set when the sign-in that asks was replaced: a prompt stops waiting and answers None.
    cancel: threading.Event | None = field(default=None, compare=False, repr=False)


#: Returns the six-digit code, or None when the user cancelled.
MfaPrompter = Callable[[MfaRequest], "str | None"]


class MfaCancelled(DynoViewError):
    """No code was given: the connection is not made."""


class SignInError(DynoViewError):
    """Credentials could not be obtained (a process that failed, a code STS refused)."""


_replaceable = threading.local()  # the cancel event of the sign-in this thread runs, if any


@contextmanager
def replaceable(cancel: threading.Event) -> Iterator[None]:
    """Sign-ins run by this thread inside the block end with ``MfaCancelled`` once ``cancel``
    is set: asked for a code, they wait for the prompt or for ``cancel``, whichever comes first."""
    previous = getattr(_replaceable, "cancel", None)
    _replaceable.cancel = cancel
    try:
        yield
    finally:
        _replaceable.cancel = previous


def replaced_sentence(request: MfaRequest) -> str:
    return (f"Not connected with profile {request.profile}: another connection replaced this "
            f"sign-in before an MFA code from {request.serial} was given.")


def check_mfa_code(code: str) -> str:
    """The code without spaces, or a sentence: an MFA code is six digits. The sentence never
    quotes what was typed (it may be a real code, or a password typed in the wrong place)."""
    cleaned = re.sub(r"\s+", "", code)
    if not MFA_CODE_RE.fullmatch(cleaned):
        given = ("nothing was typed" if not cleaned
                 else f"{len(cleaned)} characters were given" if cleaned.isdigit()
                 else f"{len(cleaned)} characters were given, not all of them digits")
        raise SignInError(f"An MFA code is the six digits your device shows now; {given}.",
                          field="mfa_code")
    return cleaned


_default_lock = threading.Lock()
_default_prompter: MfaPrompter | None = None


def set_default_prompter(prompter: MfaPrompter | None) -> MfaPrompter | None:
    """The prompter connections use when given none (the window installs its dialog); returns
    the previous one."""
    global _default_prompter
    with _default_lock:
        previous, _default_prompter = _default_prompter, prompter
    return previous


def default_prompter() -> MfaPrompter | None:
    return _default_prompter


def no_prompter(request: MfaRequest) -> str | None:
    """Where nobody can be asked: a sentence, never a hang on standard input."""
    raise SignInError(
        f"Profile {request.profile} needs an MFA code from {request.serial}, and there is no "
        "window or terminal to ask for it. Pass --mfa-code with the six digits your device "
        "shows, or sign in once (in the DynoView window or with the AWS CLI) so the cached "
        "session is used until it expires.", field="mfa_code")


def credential_cache_dir() -> str:
    """The AWS CLI's cache of assumed-role credentials (read at call time: HOME may change)."""
    return os.path.join(os.path.expanduser("~"), ".aws", "cli", "cache")


def credential_cache() -> Any:
    """botocore's JSON file cache in the AWS CLI's folder (files 0600, as the CLI writes them).

    botocore makes missing folders with the umask (0777 under umask 000, where anyone could
    replace the credentials): they are made 0700 before each write
    (``private_files.shared_private_dir``).
    """
    from botocore.utils import JSONFileCache

    folder = Path(credential_cache_dir())
    return _FallbackCache(JSONFileCache(str(folder)), folder=folder)


class _FallbackCache:
    """A file cache that keeps working in memory when its folder cannot be written (a read-only
    HOME): a cache must never be why a connection fails."""

    def __init__(self, files: Any, folder: Path | None = None) -> None:
        self._files = files
        self._folder = folder
        self._memory: dict[str, Any] = {}

    def __contains__(self, key: str) -> bool:
        if key in self._memory:
            return True
        try:
            return key in self._files
        except OSError:
            return False

    def __getitem__(self, key: str) -> Any:
        if key in self._memory:
            return self._memory[key]
        return self._files[key]

    def __setitem__(self, key: str, value: Any) -> None:
        try:
            if self._folder is not None:  # ~/.aws/cli/cache, from ~/.aws
                shared_private_dir(self._folder, top=self._folder.parent.parent)
            self._files[key] = value
        except OSError:
            self._memory[key] = value


class _Tries:
    """One sign-in's codes: how many were asked for, why the last was not taken, and the code
    STS refused last (held only while asking, so it is not sent twice; never logged or saved)."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.asked = 0
        self.again: MfaAgain | None = None
        self.error: SignInError | None = None  # what is raised when no other code comes
        self.sent: str | None = None
        self.refused_code: str | None = None

    def refused(self, why: MfaAgain, error: SignInError) -> None:
        self.again, self.error = why, error
        if why == "refused":
            self.refused_code, self.sent = self.sent, None


def _mfa_refused(error: dict[str, Any]) -> bool:
    """STS's answer to a wrong or reused code: an AccessDenied like a missing permission."""
    return (error.get("Code") == "AccessDenied"
            and "MultiFactorAuthentication" in str(error.get("Message", "")))


def install_signin(boto3_session: Any, prompter: MfaPrompter | None, cache: Any = None) -> None:
    """Make ``boto3_session`` ask ``prompter`` for MFA codes (``no_prompter`` when None) and
    keep assumed roles' credentials in ``cache`` (default: the AWS CLI's). Call it before any
    credential is resolved."""
    from botocore.credentials import AssumeRoleProvider

    prompting = _prompting_class()
    core = boto3_session._session  # boto3 keeps the botocore session here; no public accessor
    resolver = core.get_component("credential_provider")
    resolver.providers[:] = bounded_providers(resolver.providers)
    for index, provider in enumerate(resolver.providers):
        if isinstance(provider, AssumeRoleProvider) and not isinstance(provider, prompting):
            resolver.providers[index] = prompting(
                provider, prompter or no_prompter, credential_cache() if cache is None else cache)


@cache
def _prompting_class() -> type:
    """Built on first use: botocore loads in a worker thread, not when this module is imported."""
    from botocore.credentials import (
        AssumeRoleCredentialFetcher,
        AssumeRoleProvider,
        DeferredRefreshableCredentials,
    )

    class PromptingProvider(AssumeRoleProvider):
        """botocore's provider, but MFA roles refresh (asking again) instead of refusing to."""

        def __init__(self, base: AssumeRoleProvider, prompter: MfaPrompter, cache: Any) -> None:
            super().__init__(load_config=base._load_config, client_creator=base._client_creator,
                             cache=cache, profile_name=base._profile_name,
                             credential_sourcer=base._credential_sourcer,
                             profile_provider_builder=base._profile_provider_builder and
                             BoundedBuilder(base._profile_provider_builder))
            self._ask = prompter

        def load(self) -> Any:
            # botocore keeps the profiles visited by the last attempt: after a failed one (a
            # source profile's process failing), the next would be refused as a loop.
            self._visited_profiles = [self._profile_name]
            return super().load()

        def _load_creds_via_assume_role(self, profile_name: str) -> Any:
            role = self._get_role_config(profile_name)
            serial = role.get("mfa_serial")
            if serial is None:
                return super()._load_creds_via_assume_role(profile_name)
            source = self._resolve_source_credentials(role, profile_name)
            extra = {"SerialNumber": serial}
            for key, arg in (("role_session_name", "RoleSessionName"), ("external_id", "ExternalId"),
                             ("duration_seconds", "DurationSeconds")):
                if role.get(key) is not None:
                    extra[arg] = role[key]
            request = MfaRequest(serial, profile_name)
            tries = _Tries()
            fetcher = AssumeRoleCredentialFetcher(
                client_creator=self._client_creator, source_credentials=source,
                role_arn=role["role_arn"], extra_args=extra, cache=self.cache,
                mfa_prompter=lambda _prompt: self._code(request, tries))
            from botocore import credentials as clock  # looked up now: a test may move it

            # botocore wraps this refresher so a second call raises; asking again is the point.
            return DeferredRefreshableCredentials(
                method=self.METHOD, time_fetcher=clock._local_now,
                refresh_using=self._fetched(fetcher.fetch_credentials, request, tries))

        def _code(self, first: MfaRequest, tries: _Tries) -> str:
            """A six-digit code STS has not refused yet, asking up to ``MFA_TRIES`` times."""
            cancel: threading.Event | None = getattr(_replaceable, "cancel", None)
            while True:
                if tries.asked >= MFA_TRIES and tries.error is not None:
                    raise tries.error
                request = MfaRequest(first.serial, first.profile, tries.again,
                                     MFA_TRIES - tries.asked, cancel)
                if cancel is not None and cancel.is_set():
                    raise MfaCancelled(replaced_sentence(request))  # nobody to ask any more
                answer = self._ask(request)
                tries.asked += 1
                if cancel is not None and cancel.is_set():
                    # Replaced while the prompt was open: a code typed meanwhile is not sent.
                    raise MfaCancelled(replaced_sentence(request))
                if answer is None:
                    raise self._cancelled(request, tries)
                try:
                    code = check_mfa_code(answer)
                except SignInError as exc:  # never sent: asked again, as the window's field does
                    tries.refused("malformed", exc)
                    continue
                if code == tries.refused_code:
                    # A code STS refused stays refused: sending it again would only be refused.
                    tries.again = "repeated"
                    continue
                tries.sent = code
                return code

        def _cancelled(self, request: MfaRequest, tries: _Tries) -> DynoViewError:
            refresh = getattr(self, "_signed_in", False)  # a refresh: the connection stays open
            if tries.again == "malformed" and tries.error is not None:
                return tries.error
            if tries.again is not None:
                return MfaCancelled(
                    f"AWS STS refused the MFA code for {request.serial} (profile {request.profile}) "
                    "and no other code was given, so "
                    + (f"the request was not sent. {_asks_again()}" if refresh
                       else "DynoView did not connect. Try again with the code your device shows "
                       "now (each code works once)."))
            if refresh:
                return MfaCancelled(
                    f"The role's session ended and no MFA code was given for {request.serial} "
                    f"(profile {request.profile}), so the request was not sent. {_asks_again()}")
            return MfaCancelled(f"Not connected: no MFA code was given for {request.serial} "
                                f"(profile {request.profile}).")

        def _fetched(self, fetch: Callable[[], Any], request: MfaRequest,
                     tries: _Tries) -> Callable[[], Any]:
            """``fetch``, asking again while STS refuses the code (botocore: an AccessDenied
            like any other, said here as a refused code), and remembering that it once
            succeeded (a later prompt is a refresh)."""
            from botocore.exceptions import ClientError

            quiet_until = [0.0]

            def fetched() -> Any:
                if time.monotonic() < quiet_until[0]:
                    raise self._cancelled(request, tries)  # the Cancel just given holds for it too
                tries.reset()  # each sign-in or refresh has its own tries
                try:
                    while True:
                        try:
                            credentials = fetch()
                            break
                        except ClientError as exc:
                            if not _mfa_refused(exc.response.get("Error", {})):
                                raise
                            refused = SignInError(
                                f"AWS STS refused the MFA code for {request.serial} (profile "
                                f"{request.profile}): it is not the one the device shows now, or it "
                                "was used already (each code works once). Try again with the next "
                                "code.", field="mfa_code")
                            refused.__cause__ = exc
                            tries.refused("refused", refused)
                            if tries.asked >= MFA_TRIES:
                                raise refused from exc
                except MfaCancelled:
                    quiet_until[0] = time.monotonic() + CANCEL_QUIET_S
                    raise
                finally:
                    tries.reset()  # the codes are dropped, whatever happened
                self._signed_in = True
                return credentials
            return fetched

    return PromptingProvider


def sign_in(boto3_session: Any, profile: str | None) -> Any:
    """Resolve the session's credentials now (an MFA code is asked for here), as a sentence
    when they cannot be had; returns the credentials (None: the chain found none)."""
    from botocore.exceptions import (
        ClientError,
        ConnectionClosedError,
        ConnectTimeoutError,
        CredentialRetrievalError,
        EndpointConnectionError,
        InvalidConfigError,
        PartialCredentialsError,
    )

    try:
        creds = boto3_session.get_credentials()
        if creds is not None:
            # Before the first freeze: keys that expire within botocore's refresh window (an
            # assumed role, SSO, a credential_process) are replaced by it, and the replaced set
            # would never be remembered. From here each refreshed set is, as it arrives.
            remember_credentials(boto3_session)
            creds.get_frozen_credentials()
        return creds
    except CredentialRetrievalError as exc:
        raise SignInError(_retrieval_sentence(exc, profile)) from exc
    except ClientError as exc:
        if exc.operation_name != "AssumeRole":
            raise
        # Else said as a missing DynamoDB permission ("dynamodb:AssumeRole"), which it is not.
        said = redact_text(str(exc.response.get("Error", {}).get("Message", "")).strip())
        raise SignInError(f"AWS STS refused to let profile {profile or 'default'} assume its role "
                          f"({said or exc.response.get('Error', {}).get('Code', 'no reason given')}). "
                          "Check the role's trust policy and that the source profile may call "
                          "sts:AssumeRole on it, or use another profile.") from exc
    except (EndpointConnectionError, ConnectTimeoutError, ConnectionClosedError) as exc:
        # No DynamoDB request is made while signing in: STS or SSO is what could not be reached.
        raise SignInError(_unreachable_sentence(exc, profile)) from exc
    except (InvalidConfigError, PartialCredentialsError) as exc:
        raise SignInError(f"Profile {profile or 'default'} cannot be used as configured: "
                          f"{redact_text(str(exc))} Fix it in your AWS config file.") from exc
    except OSError as exc:
        if exc.filename is None:
            raise
        # A file the profile names (a web_identity_token_file) that cannot be read.
        raise SignInError(f"Profile {profile or 'default'} cannot be used as configured: it names "
                          f"the file {exc.filename}, which cannot be read ({exc.strerror or exc}). "
                          "Fix the path in your AWS config file, or create the file.") from exc


def _unreachable_sentence(exc: Exception, profile: str | None) -> str:
    """The sign-in service that could not be reached (STS, the SSO portal or OIDC), by the URL
    botocore names, and what to do: never "the DynamoDB endpoint", which answers fine."""
    from dynoview.core.error_messages import Facts, render_unreachable_sign_in
    from dynoview.core.errors import login_profile_flag

    facts = Facts(profile=profile, profile_flag=login_profile_flag(profile),
                  for_profile=f" for profile {profile}" if profile else "",
                  exc_text=redact_text(str(exc)))
    return render_unreachable_sign_in(facts)[1]


def _retrieval_sentence(exc: Any, profile: str | None) -> str:
    """The sentence for a failed credential source, as ``errors.describe_error`` says it when
    the credentials fail later, at a refresh (``error_messages.retrieval_sentence``)."""
    from dynoview.core.error_messages import retrieval_sentence

    kwargs = getattr(exc, "kwargs", {})
    # The profile whose credential_process failed (a role chain's source profile, say), as the
    # provider that ran it knows it; else the connection's.
    name = kwargs.get("profile") or profile or "default"
    detail = redact_text(str(kwargs.get("error_msg", exc)).strip())
    return retrieval_sentence(kwargs.get("provider", ""), name, profile, detail,
                              bool(kwargs.get("sentence")))
