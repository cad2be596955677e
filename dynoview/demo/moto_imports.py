"""What moto imports on the demo's start-up path without the demo's DynamoDB ever using it.

The demo's child imports moto and seeds it while the app's window is built, and the app's first
rows wait for that: moto's own imports are most of the child's time. Three of them are not
needed to answer DynamoDB, and are put off here, with the same answers and behaviour (together
about a tenth of the child's CPU time before it is ready):

- Every request checks IAM authorization, and imports moto's IAM access control to do so (with
  S3's and STS's models) before finding that the check is off, as it is unless
  ``INITIAL_NO_AUTH_ACTION_COUNT`` turns it on. Here a request that moto would let through
  unchecked is counted as moto counts it, without the import; a checked one goes through
  moto's own code.
- Every stream record imports moto's Lambda backend (with Logs, Kinesis, SQS, ECR) to send the
  record to the table's Lambda event source mappings; a table has none unless one is created
  (moto's Lambda, through its dispatcher). Here a table without mappings records the change
  as moto does and imports nothing; one with mappings goes through moto's own code.
- ``cryptography.x509`` (for IAM's server certificates; IAM's models are imported by every
  request, to note the access key's last use) and ``yaml`` (for ``responses``' recorder) are
  imported with moto but used only by other services (moto's dispatcher) and by its decorator
  mode: they are loaded on first use instead (``importlib.util.LazyLoader``), and by
  ``load_deferred`` before the dispatcher is built. (A module imported twice is loaded at its
  second import: Python 3.11 reads its ``__spec__`` then, so only modules moto imports once
  are worth deferring.)
"""

from __future__ import annotations

import contextlib
import functools
import importlib.machinery
import importlib.util
import sys
import types
from collections.abc import Iterator, Sequence
from typing import Any

#: Imported by moto at its own import, used by neither the demo's DynamoDB nor its Streams.
DEFERRED = ("cryptography.x509", "yaml")
_PATCHED = "_dynoview_no_unused_imports"
#: The names moto's ``StreamShard.add`` uses (moto 5.2): the replacement below does the same
#: steps, so it is installed only where moto's function still does exactly these.
_STREAM_ADD_NAMES = {"table", "stream_specification", "len", "items", "starting_sequence_number",
                     "append", "StreamRecord", "moto.awslambda.utils", "get_backend",
                     "lambda_event_source_mappings", "split", "account_id", "send_dynamodb_items",
                     "event_source_arn"}
#: The names moto's ``_authenticate_and_authorize_action`` uses (moto 5.2), whose unchecked
#: branch the replacement below repeats: installed only where moto's function is still that.
_AUTHORIZE_NAMES = {"ActionAuthenticatorMixin", "request_count", "settings",
                    "INITIAL_NO_AUTH_ACTION_COUNT", "headers", "get", "PUBLIC_OPERATIONS", "urlparse",
                    "uri", "raw_path", "query", "current_account", "method", "data", "raw_body",
                    "_get_action", "check_signature", "check_action_permitted"}


class _DeferringFinder:
    """Finds the ``DEFERRED`` modules as the import system would, with a lazy loader."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = frozenset(names)

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: types.ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if name not in self.names:
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is not None and hasattr(spec.loader, "exec_module"):
            spec.loader = importlib.util.LazyLoader(spec.loader)  # type: ignore[arg-type]
        return spec


@contextlib.contextmanager
def deferring(names: Sequence[str] = DEFERRED) -> Iterator[None]:
    """While inside, the named modules, if first imported, are loaded on their first use."""
    finder = _DeferringFinder(names)
    sys.meta_path.insert(0, finder)
    try:
        yield
    finally:
        sys.meta_path.remove(finder)


def import_request_time_modules() -> None:
    """What moto imports on the first DynamoDB request (inside ``deferring``: IAM's models,
    imported by every request, import ``cryptography.x509``)."""
    import moto.dynamodb.responses
    import moto.iam.models  # noqa: F401


def load_deferred(names: Sequence[str] = DEFERRED) -> None:
    """Load the deferred modules now (any attribute does). Before anything may use them from
    several threads: Python 3.11's lazy loading is not thread-safe."""
    for name in names:
        module = sys.modules.get(name)
        if module is not None:
            getattr(module, "__name__", None)


def check_authorization_only_when_on() -> None:
    """Requests that moto lets through unchecked no longer import IAM (idempotent)."""
    from moto import settings
    from moto.core.authorization import ActionAuthenticatorMixin as Mixin

    original = Mixin._authenticate_and_authorize_normal_action
    checked = Mixin._authenticate_and_authorize_action.__code__.co_names
    if getattr(original, _PATCHED, False) or set(checked) != _AUTHORIZE_NAMES:
        return  # done already, or moto's check changed: leave it as it is

    @functools.wraps(original)
    def authorize(self: Any, resource: str = "*") -> None:
        if Mixin.request_count < settings.INITIAL_NO_AUTH_ACTION_COUNT:
            # What moto's _authenticate_and_authorize_action does when the check is off.
            Mixin.request_count += 1
            return
        original(self, resource)

    setattr(authorize, _PATCHED, True)
    Mixin._authenticate_and_authorize_normal_action = authorize  # type: ignore[method-assign]


def record_streams_without_lambda() -> None:
    """Stream records of tables without Lambda mappings no longer import Lambda (idempotent)."""
    from moto.dynamodb.models.table import StreamRecord, StreamShard

    original = StreamShard.add
    if getattr(original, _PATCHED, False) or set(original.__code__.co_names) != _STREAM_ADD_NAMES:
        return  # done already, or moto's steps changed: leave them as they are

    @functools.wraps(original)
    def add(self: Any, old: Any, new: Any) -> None:
        if self.table.lambda_event_source_mappings:
            original(self, old, new)  # records to send: moto's own code, Lambda imported
            return
        # moto's steps up to sending the records, which go nowhere (and stay) without mappings.
        view_type = self.table.stream_specification["StreamViewType"]
        event_name = "INSERT" if old is None else "REMOVE" if new is None else "MODIFY"
        sequence = len(self.items) + self.starting_sequence_number
        self.items.append(StreamRecord(self.table, view_type, event_name, old, new, sequence))

    setattr(add, _PATCHED, True)
    StreamShard.add = add  # type: ignore[method-assign]


def install() -> None:
    """Both request-time changes (idempotent); ``deferring`` is for moto's import itself."""
    check_authorization_only_when_on()
    record_streams_without_lambda()
