"""Warnings and unraisable exceptions (an error in ``__del__``) are printed by Python itself on
standard error, past logging's redaction: the window and the CLI route both through it.

Each case runs in a child Python (pytest keeps its own unraisable hook and warning recorder in
this process, which would hide Python's printing), with the child's standard error captured by
``capfd``. The secrets are a remembered key made only of lowercase letters and digits (no pattern
catches it) and an access key id (the patterns do).
"""

from __future__ import annotations

import os
import secrets
import string
import subprocess
import sys
import textwrap

import pytest

from dynoview.core.redaction import REDACTED

pytestmark = pytest.mark.security

PLAIN = "".join(secrets.choice(string.ascii_lowercase + string.digits) for _ in range(39)) + "7"
KEY_ID = "AKIA" + "".join(secrets.choice(string.ascii_uppercase + string.digits) for _ in range(16))

# How each front end installs its redaction. The window's CrashHandler needs no QApplication
# to be made and installed.
SETUPS = {
    "window": """
        from dynoview.ui.crash import CrashHandler
        CrashHandler().install()
    """,
    "window-start": """
        # dynoview.ui.app._run_app, before the window exists
        import logging
        from dynoview.core.redaction import install_stderr_redaction
        logging.basicConfig(level=logging.WARNING)
        install_stderr_redaction()
    """,
    # The CLI's boundary; what follows runs after it returned, on the real standard error.
    "cli": """
        from dynoview.cli.common import run_guarded
        assert run_guarded(lambda: 0) == 0
    """,
}

TRIGGERS = {
    "unraisable": """
        class Leaky:
            def __del__(self):
                raise RuntimeError(f"close failed for {KEY_ID} with {PLAIN}")
        leaky = Leaky()
        del leaky
        print("MARK-unraisable", file=sys.stderr)
    """,
    "warning": """
        import warnings
        warnings.warn(f"credentials {KEY_ID}:{PLAIN} are about to expire", UserWarning)
        print("MARK-warning", file=sys.stderr)
    """,
}


def _run(setup: str | None, trigger: str) -> None:
    code = "\n".join([
        "import sys",
        f"KEY_ID, PLAIN = {KEY_ID!r}, {PLAIN!r}",
        "from dynoview.core.redaction import remember_secrets",
        "remember_secrets(PLAIN)  # as a connection does with its resolved keys",
        textwrap.dedent(SETUPS[setup]) if setup else "",
        textwrap.dedent(TRIGGERS[trigger]),
    ])
    env = {**os.environ, "PYTHONWARNINGS": "default"}  # not an inherited "error" filter
    subprocess.run([sys.executable, "-c", code], env=env, check=True, timeout=120)


@pytest.mark.parametrize("setup", sorted(SETUPS))
@pytest.mark.parametrize("trigger", sorted(TRIGGERS))
def test_python_printed_errors_are_redacted(setup: str, trigger: str,
                                            capfd: pytest.CaptureFixture[str]) -> None:
    _run(setup, trigger)
    err = capfd.readouterr().err
    assert f"MARK-{trigger}" in err  # the child ran to the end
    expected = "RuntimeError: close failed for" if trigger == "unraisable" else "UserWarning: credentials"
    assert expected in err, err  # still said, only redacted
    assert PLAIN not in err and KEY_ID not in err, err
    assert REDACTED in err


def test_without_the_hooks_python_prints_them_as_they_are(capfd: pytest.CaptureFixture[str]) -> None:
    """The control: what the cases above would show were nothing installed."""
    for trigger in TRIGGERS:
        _run(None, trigger)
    err = capfd.readouterr().err
    assert err.count(PLAIN) == 2 and err.count(KEY_ID) == 2
