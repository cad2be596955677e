"""A credential_process that fails or prints too much: the sentence never quotes what it printed
(a helper's own secrets, which no redaction pattern knows), and output past ``MAX_OUTPUT``
stops the process at once instead of filling memory until the timeout. Each helper is a small
script in ``tmp_path``; the AWS files are temp files and nothing is sent anywhere."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

import boto3
import pytest

from dynoview.cli import main as cli_main
from dynoview.core.session import credential_process
from dynoview.core.session.signin import SignInError, _retrieval_sentence, install_signin, sign_in

# What r03's helper printed on standard error: a password, a Vault token, an Okta-style session
# token and a GitHub token, none of them shaped like an AWS key.
HELPER_SECRETS = ("Hunter2Hunter2!", "hvs.CAESIJlWh0Z3R5YjZxR3hBcFZrNEhxRzJkUllLeEUabc",
                  "102Wq8vX9Zk3yQbN5mT7rP1sL4dF6gH2jK", "ghp_16C7e42F292c6912E7710c838347Ae178B4a")
ANSWER = ('{"Version": 1, "AccessKeyId": "ASIAPROCESSBOUNDS0001", '
          '"SecretAccessKey": "boundsSecretKey/0123456789abcdefABCDEFGHIJ"}')


def helper(tmp_path: Path, name: str, code: str) -> str:
    """A profile ``name`` whose credential_process runs ``code`` (Python); returns the profile."""
    script = tmp_path / f"{name}.py"
    script.write_text(code, encoding="utf-8")
    config = tmp_path / "config"
    before = config.read_text(encoding="utf-8") if config.exists() else ""
    config.write_text(before + f"[profile {name}]\nregion = us-east-1\n"
                      f"credential_process = {sys.executable} {script}\n", encoding="utf-8")
    return name


@pytest.fixture(autouse=True)
def aws_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "credentials").write_text("", encoding="utf-8")
    monkeypatch.setenv("AWS_CONFIG_FILE", str(tmp_path / "config"))
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", str(tmp_path / "credentials"))
    for var in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN"):
        monkeypatch.delenv(var, raising=False)
    # A test that fails on unbounded code must not wait the real two minutes for it.
    monkeypatch.setattr(credential_process, "PROCESS_TIMEOUT", 8.0)


def signed_in(profile: str) -> Any:
    session = boto3.Session(profile_name=profile)
    install_signin(session, None, cache={})
    return sign_in(session, profile)


def refused(profile: str) -> str:
    with pytest.raises(SignInError) as info:
        signed_in(profile)
    return info.value.message


def gone(pid: int, within: float = 5.0) -> bool:
    """Whether process ``pid`` has ended within ``within`` seconds (a zombie counts: a child
    left by a killed helper is nobody's to reap here); killed here if not, so no test leaves it."""
    if not os.path.isdir("/proc"):
        return True  # nowhere to read process states from (macOS, Windows)
    end = time.monotonic() + within
    while time.monotonic() < end:
        try:
            with open(f"/proc/{pid}/stat", encoding="utf-8") as stat:
                if stat.read().rsplit(")", 1)[1].split()[0] == "Z":
                    return True
        except FileNotFoundError:
            return True
        time.sleep(0.05)
    with contextlib.suppress(OSError):
        os.kill(pid, signal.SIGKILL)
    return False


# --------------------------------------------------------------------------- what is said


def test_a_failing_process_is_said_by_its_exit_status_without_what_it_printed(tmp_path: Path) -> None:
    profile = helper(tmp_path, "cpfail", "import sys\n"
                     f"print('login failed for ada using password {HELPER_SECRETS[0]} "
                     f"(vault token {HELPER_SECRETS[1]})', file=sys.stderr)\n"
                     f"print('okta session: {HELPER_SECRETS[2]}', file=sys.stderr)\n"
                     f"print('github {HELPER_SECRETS[3]}', file=sys.stderr)\n"
                     f"print({ANSWER!r})\nsys.exit(3)\n")
    message = refused(profile)
    assert message.startswith(f"The credential_process of profile cpfail ({sys.executable} …) "
                              "exited with status 3, so there are no credentials to connect with.")
    assert "not shown here, as it may hold secrets" in message
    assert "Run that command in a terminal to see why" in message
    for secret in (*HELPER_SECRETS, "login failed", "okta", "ASIAPROCESSBOUNDS0001"):
        assert secret not in message
    # Not the script: arguments can hold secrets too (``--password …``).
    assert "cpfail.py" not in message


@pytest.mark.skipif(sys.platform == "win32", reason="signals are POSIX")
def test_a_process_ended_by_a_signal_says_which(tmp_path: Path) -> None:
    profile = helper(tmp_path, "killed", "import os, signal, sys\n"
                     f"print('secret {HELPER_SECRETS[0]}', file=sys.stderr, flush=True)\n"
                     "os.kill(os.getpid(), signal.SIGTERM)\n")
    message = refused(profile)
    assert "was ended by signal 15" in message and HELPER_SECRETS[0] not in message


def test_json_of_another_version_is_said_without_quoting_it(tmp_path: Path) -> None:
    """botocore quotes the Version it found ("Unsupported version '…'"), whatever it holds."""
    profile = helper(tmp_path, "badversion", "import json\nprint(json.dumps({'Version': "
                     f"{HELPER_SECRETS[1]!r}, 'AccessKeyId': 'a', 'SecretAccessKey': 'b'}}))\n")
    message = refused(profile)
    assert "without Version 1" in message and HELPER_SECRETS[1] not in message


def test_json_without_a_secret_key_names_the_missing_key(tmp_path: Path) -> None:
    profile = helper(tmp_path, "nosecret", "import json\nprint(json.dumps({'Version': 1, "
                     "'AccessKeyId': 'ASIAPROCESSBOUNDS0001'}))\n")
    message = refused(profile)
    assert "without SecretAccessKey" in message and "ASIAPROCESSBOUNDS0001" not in message


def test_botocores_own_quote_of_standard_error_is_never_passed_on() -> None:
    """Any credential_process error not phrased by credential_process.py carries botocore's
    ``error_msg``: the process's standard error, whole."""
    from botocore.exceptions import CredentialRetrievalError

    said = f"login failed: password {HELPER_SECRETS[0]} token {HELPER_SECRETS[1]}"
    message = _retrieval_sentence(CredentialRetrievalError(provider="custom-process", error_msg=said),
                                  "cpfail")
    assert message.startswith("The credential_process of profile cpfail failed")
    assert "Run that command in a terminal" in message
    assert HELPER_SECRETS[0] not in message and HELPER_SECRETS[1] not in message


def test_a_failing_process_in_the_cli_is_one_short_sentence_exit_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    profile = helper(tmp_path, "cpfail", "import sys\n"
                     f"print('password {HELPER_SECRETS[0]} ' * 20, file=sys.stderr)\nsys.exit(1)\n")
    assert cli_main(["tables", "--profile", profile, "--region", "us-east-1"]) == 2
    captured = capsys.readouterr()
    shown = captured.out + captured.err
    assert "exited with status 1" in shown and HELPER_SECRETS[0] not in shown


# --------------------------------------------------------------------------- output bounds


def test_ten_megabytes_of_standard_error_are_neither_kept_nor_quoted(tmp_path: Path) -> None:
    profile = helper(tmp_path, "longerr", "import sys\n"
                     "sys.stderr.write(('error: retrying ' + 'x' * 80 + '\\n') * 100_000)\nsys.exit(1)\n")
    message = refused(profile)
    assert "exited with status 1" in message and len(message) < 400
    assert "retrying" not in message


def test_standard_error_does_not_stop_a_helper_that_works(tmp_path: Path) -> None:
    """A helper logging a lot (a debug flag) still hands over its keys: only its standard
    output is credentials, and only that is bounded."""
    profile = helper(tmp_path, "chatty", "import sys\n"
                     "sys.stderr.write('debug: ' + 'x' * 2_000_000 + '\\n')\n"
                     f"print({ANSWER!r})\n")
    creds = signed_in(profile)
    assert creds is not None
    assert creds.get_frozen_credentials().access_key == "ASIAPROCESSBOUNDS0001"


def test_output_just_under_the_limit_is_still_read(tmp_path: Path) -> None:
    padding = credential_process.MAX_OUTPUT - len(ANSWER) - 10
    profile = helper(tmp_path, "padded", f"print({ANSWER!r} + ' ' * {padding})\n")
    creds = signed_in(profile)
    assert creds is not None
    assert creds.get_frozen_credentials().access_key == "ASIAPROCESSBOUNDS0001"


def test_a_megabyte_on_standard_output_stops_the_process_at_once(tmp_path: Path) -> None:
    """It prints a megabyte and then waits: the unbounded reading waited for the timeout, with
    the megabyte (or a 300 MB one) in memory."""
    pid_file = tmp_path / "pid"
    profile = helper(tmp_path, "bigout", f"import os, sys, time\nopen({str(pid_file)!r}, 'w')"
                     ".write(str(os.getpid()))\nsys.stdout.write('x' * 1_000_000)\nsys.stdout.flush()\n"
                     "time.sleep(60)\n")
    started = time.monotonic()
    message = refused(profile)
    assert time.monotonic() - started < 5
    assert message == ("The credential_process of profile bigout printed more than 64 KB on "
                       "standard output, which is not credentials, so it was stopped. Run that "
                       "command in a terminal to see why, then retry.")
    assert gone(int(pid_file.read_text(encoding="utf-8")))


def test_endless_output_stops_the_process_as_soon_as_it_passes_the_limit(tmp_path: Path) -> None:
    """A helper looping on an error (``yes``-like), slowly enough that the unbounded reading
    only grows until the (shortened) timeout."""
    profile = helper(tmp_path, "endless", "import sys, time\nwhile True:\n"
                     "    sys.stdout.write('error: retrying\\n' * 1000)\n    sys.stdout.flush()\n"
                     "    time.sleep(0.01)\n")
    started = time.monotonic()
    message = refused(profile)
    assert time.monotonic() - started < 5
    assert "printed more than 64 KB on standard output" in message


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads process states from /proc")
def test_a_child_still_printing_after_the_helper_is_stopped_ends_too(tmp_path: Path) -> None:
    """The helper's own child holds the output pipe: once DynoView stops reading and closes it,
    the child's next write fails and it ends, instead of writing for ever."""
    pid_file = tmp_path / "child"
    child = "import sys\nwhile True:\n    sys.stdout.write('x' * 4096)\n    sys.stdout.flush()\n"
    profile = helper(tmp_path, "forks", "import subprocess, sys, time\n"
                     f"child = subprocess.Popen([sys.executable, '-c', {child!r}])\n"
                     f"open({str(pid_file)!r}, 'w').write(str(child.pid))\ntime.sleep(60)\n")
    started = time.monotonic()
    message = refused(profile)
    assert time.monotonic() - started < 5
    assert "printed more than 64 KB on standard output" in message
    assert gone(int(pid_file.read_text(encoding="utf-8")))


def test_a_helper_that_hangs_is_still_stopped_at_the_timeout(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(credential_process, "PROCESS_TIMEOUT", 1.0)
    profile = helper(tmp_path, "hangs", "import time\ntime.sleep(60)\n")
    started = time.monotonic()
    message = refused(profile)
    assert time.monotonic() - started < 5
    assert "did not finish within 1 seconds and was stopped" in message
