"""Cancelling an SSO sign-in while a CreateToken call is on the wire: the window's Cancel
returns at once (the awaiting task is cancelled) but the worker's call still finishes; if the
user approved meanwhile, the token must not be written (Cancel promises nothing is)."""

from __future__ import annotations

import hashlib
import threading
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.session.sso_login import SsoSignInError, start_sign_in, token_cache_dir, wait_for_token
from tests.integration.sso_endpoint import SsoEndpoint
from tests.integration.test_signin_sso import sso  # noqa: F401 - the fixture

pytestmark = [pytest.mark.integration]


def test_a_cancel_during_the_last_poll_writes_nothing(sso: SsoEndpoint) -> None:  # noqa: F811
    import boto3.session

    session = boto3.session.Session(profile_name="sso-support")
    auth = start_sign_in(session, "sso-support")
    cancel = threading.Event()

    def approved_then_cancelled(**_: Any) -> None:  # the answer is on its way when Cancel is hit
        cancel.set()

    session.events.register("before-call.sso-oidc.CreateToken", approved_then_cancelled)
    sso.approved.set()
    with pytest.raises(SsoSignInError, match="cancelled: nothing was written"):
        wait_for_token(session, auth, cancel, sleep=lambda _s: None)
    assert sso.paths().count("/token") == 1
    assert not (Path(token_cache_dir()) / (hashlib.sha1(b"corp").hexdigest() + ".json")).exists()


def test_the_polling_client_does_not_wait_minutes_for_an_answer(sso: SsoEndpoint) -> None:  # noqa: F811
    """A cancel is honoured when the call in flight returns, so that call is short."""
    import boto3.session

    from dynoview.core.session.sso_login import _oidc

    client = _oidc(boto3.session.Session(profile_name="sso-support"), "eu-west-1")
    assert client.meta.config.read_timeout <= 15 and client.meta.config.connect_timeout <= 5
    assert client.meta.config.retries["total_max_attempts"] <= 2
