"""A credential_process that cannot hang a connection: botocore's ProcessProvider, time-limited,
and every way the process can fail (not found, no JSON, expired keys) said as a sentence.

``bounded_providers`` puts it in a session's provider chain and ``BoundedBuilder`` in a role
chain's source profile (signin.install_signin).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from functools import cache
from typing import Any

#: Seconds a credential_process may run. botocore waits for ever, and a helper waiting for input
#: nobody can give (a window's connection, a cron job) would hang the connection; long enough for
#: a helper that opens a browser sign-in.
PROCESS_TIMEOUT = 120.0


def bounded_providers(providers: list[Any]) -> list[Any]:
    """``providers`` with botocore's credential_process provider replaced by ``_process_class``."""
    from botocore.credentials import ProcessProvider

    bounded = _process_class()
    return [bounded(profile_name=p._profile_name, load_config=p._load_config)
            if isinstance(p, ProcessProvider) and not isinstance(p, bounded) else p
            for p in providers]


class BoundedBuilder:
    """botocore's source-profile provider builder (role chains), with ``bounded_providers`` providers."""

    def __init__(self, builder: Any) -> None:
        self._builder = builder

    def providers(self, profile_name: str, disable_env_vars: bool = False) -> list[Any]:
        return bounded_providers(self._builder.providers(profile_name=profile_name,
                                                disable_env_vars=disable_env_vars))


@cache
def _process_class() -> type:
    """botocore's ProcessProvider, but a process that hangs, cannot start, prints no JSON or
    hands over expired keys is a sentence (botocore: a hang, a traceback, a RuntimeError)."""
    import json
    import subprocess
    from datetime import UTC, datetime

    from botocore.compat import compat_shell_split
    from botocore.credentials import ProcessProvider
    from botocore.exceptions import CredentialRetrievalError
    from dateutil.parser import parse as parse_time

    class BoundedProcessProvider(ProcessProvider):
        def _retrieve_credentials_using(self, credential_process: str) -> dict[str, Any]:
            def failed(why: str) -> CredentialRetrievalError:
                # ``sentence``: _retrieval_sentence says it as it is, not as "It said: ...".
                return CredentialRetrievalError(provider=self.METHOD, error_msg=why, sentence=True)

            try:
                process = self._popen(compat_shell_split(credential_process),
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            except (OSError, ValueError) as exc:  # not found, not executable, unbalanced quotes
                why = getattr(exc, "strerror", None) or str(exc)
                where = getattr(exc, "filename", None)
                raise failed(f"could not be started ({why}{f': {where}' if where else ''}).") from None
            try:
                stdout, stderr = process.communicate(timeout=PROCESS_TIMEOUT)
            except subprocess.TimeoutExpired:
                process.kill()
                # A grandchild may hold the pipes open: do not wait for it either.
                with contextlib.suppress(subprocess.TimeoutExpired):
                    process.communicate(timeout=5)
                raise failed(f"did not finish within {PROCESS_TIMEOUT:g} seconds and was stopped "
                             "(it may be waiting for input nobody can give here).") from None
            if process.returncode == 0:
                try:
                    parsed = json.loads(stdout.decode("utf-8"))
                except ValueError:
                    parsed = None
                # Its output is never quoted: it may hold half a secret.
                if not isinstance(parsed, dict):
                    raise failed("printed something that is not the JSON credentials AWS documents "
                                 "(an object with Version 1, AccessKeyId and SecretAccessKey).")
            # botocore's own checks (exit status, version, keys), on the output already read.
            process = _Finished(process.returncode, stdout, stderr)
            answer: dict[str, Any] = ProcessProvider(self._profile_name, self._load_config,
                                                     popen=lambda *_a, **_k: process
                                                     )._retrieve_credentials_using(credential_process)
            expiry = answer.get("expiry_time")
            if expiry is not None:
                try:
                    ends = parse_time(str(expiry))
                    ends = ends if ends.tzinfo else ends.replace(tzinfo=UTC)
                except (ValueError, OverflowError):
                    raise failed(f"gave an Expiration that is not a date ({str(expiry)[:40]!r})."
                                 ) from None
                if ends <= datetime.now(UTC):
                    raise failed(f"handed over credentials that expired at {expiry}: sign in again "
                                 "with the tool behind it so it prints fresh ones.")
            return answer

    return BoundedProcessProvider


@dataclass
class _Finished:
    """A process that has already run, for botocore's checks of its output."""

    returncode: int
    stdout: bytes
    stderr: bytes

    def communicate(self) -> tuple[bytes, bytes]:
        return self.stdout, self.stderr
