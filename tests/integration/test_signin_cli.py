"""The headless commands and MFA roles (issue 25): ``--mfa-code``, the cached session, and a
sentence (never a hang) where no terminal can be asked; ``--production`` refuses writes."""

from __future__ import annotations

from pathlib import Path

import pytest

from dynoview.cli import main as cli_main
from tests.integration.signin_profiles import MFA_CODE, Profiles, use_profiles

pytestmark = [pytest.mark.integration]


@pytest.fixture
def profiles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, moto_endpoint: str) -> Profiles:
    return use_profiles(tmp_path, monkeypatch, moto_endpoint)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = cli_main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def test_mfa_code_flag_then_the_cached_session(profiles: Profiles, moto_endpoint: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    # pytest's standard input is not a terminal: without a code or a session, a sentence.
    code, shown = run(capsys, "tables", "--profile", "mfa", "--endpoint-url", moto_endpoint)
    assert code == 2 and "--mfa-code" in shown and "cached session" in shown
    code, shown = run(capsys, "tables", "--profile", "mfa", "--endpoint-url", moto_endpoint,
                      "--mfa-code", "12 34")
    assert code == 2 and "six digits" in shown
    code, shown = run(capsys, "tables", "--profile", "mfa", "--endpoint-url", moto_endpoint,
                      "--mfa-code", MFA_CODE)
    assert code == 0, shown
    assert MFA_CODE not in shown
    # The session the first run cached (the AWS CLI's cache) serves the next runs.
    code, shown = run(capsys, "tables", "--profile", "mfa", "--endpoint-url", moto_endpoint)
    assert code == 0, shown


def test_a_failing_credential_process_is_one_sentence(profiles: Profiles, moto_endpoint: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    code, shown = run(capsys, "tables", "--profile", "failing-process", "--endpoint-url", moto_endpoint)
    assert code == 2
    assert "credential_process of profile failing-process" in shown
    assert "exited with status 3" in shown and "Traceback" not in shown
    assert "the token for ada" not in shown  # a helper's messages are never quoted (docs/signin.md)


def test_production_flag_refuses_writes(moto_endpoint: str,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    statement = 'DELETE FROM "no-such-table" WHERE PK = \'x\''
    code, shown = run(capsys, "partiql", statement, "--endpoint-url", moto_endpoint, "--production")
    assert code == 2 and "This connection is read-only" in shown
    code, shown = run(capsys, "partiql", statement, "--endpoint-url", moto_endpoint)
    assert "read-only" not in shown  # without --production the statement is sent (and fails there)
