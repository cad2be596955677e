"""Issue 25's "no code or secret in any ... action log": a transaction sent from the CLI on an
MFA-protected role profile (the code given with ``--mfa-code``, moto's STS) is recorded in the
action log with the connection's profile, and neither the MFA code nor the role's keys are in
the log or in any other file the run wrote."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from dynoview.cli import main as cli_main
from dynoview.core.tx.action_log import ActionLog
from tests.helpers import connect, seeded_accounts_copy
from tests.integration.signin_profiles import MFA_CODE, use_profiles
from tests.integration.test_cli_transact import signup_file

pytestmark = pytest.mark.integration


def test_an_mfa_signed_transaction_leaves_no_code_in_the_action_log(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, moto_endpoint: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    with seeded_accounts_copy(connect(moto_endpoint)) as table:
        profiles = use_profiles(tmp_path, monkeypatch, moto_endpoint)
        request, _tx = signup_file(tmp_path, table, "mfa1", "mfa1@x.io", "mfa1")
        code = cli_main(["transact", str(request), "--profile", "mfa", "--endpoint-url", moto_endpoint,
                         "--region", "us-east-1", "--mfa-code", MFA_CODE, "--yes"])
        out = capsys.readouterr()
        assert code == 0, out.err
        entries = ActionLog().entries()
        assert entries and entries[-1]["connection"]["profile"] == "mfa"
        assert table in json.dumps(entries[-1])  # the log did record this transaction
        role_keys = [json.loads(p.read_text())["Credentials"] for p in profiles.cache_files()]
        assert role_keys  # the assumed role's credentials, cached as the AWS CLI caches them
        secrets = [MFA_CODE, *(c[k] for c in role_keys for k in ("SecretAccessKey", "SessionToken"))]
        log_text = ActionLog().path.read_text(encoding="utf-8")
        assert not [s for s in secrets if s in log_text], "the action log holds a secret"
        assert MFA_CODE not in out.out + out.err
        roots = [tmp_path, *(Path(os.environ[v])
                             for v in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"))]
        assert any(ActionLog().path.resolve().is_relative_to(r.resolve()) for r in roots)  # scanned below
        for root in roots:
            for path in (p for p in root.rglob("*") if p.is_file() and "cache" not in p.parts):
                assert MFA_CODE not in path.read_bytes().decode("utf-8", "replace"), f"{path} holds the code"
