"""An AWS file that does not parse is named, with the variable that chooses it and where
configparser stopped: never "<redacted>" for its path, never a line of it quoted.

Before: "AWS config unreadable: Unable to parse config file: <redacted>. … point AWS_CONFIG_FILE
at another file" for a broken credentials file (its path taken for a secret because the variable
is AWS_SHARED_CREDENTIALS_FILE, and the wrong variable named), and nothing said of a section given
twice. The errors are botocore's own, raised by a real client reading the files.
"""

from __future__ import annotations

from pathlib import Path

import boto3
import pytest
from botocore import exceptions as bce

from dynoview.cli import main as cli_main
from dynoview.cli.common import clean_message
from dynoview.core.errors import describe_error

SECRET_KEY = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYBROKENKEY"
#: "[default" without its closing "]": configparser's MissingSectionHeaderError at line 1.
BROKEN_CREDENTIALS = (f"[default\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\n"
                      f"aws_secret_access_key = {SECRET_KEY}\n")


@pytest.fixture
def files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """A valid config and an empty credentials file, chosen by their variables."""
    config, credentials = tmp_path / "config", tmp_path / "credentials"
    config.write_text("[default]\nregion = us-east-1\n", encoding="utf-8")
    credentials.write_text("", encoding="utf-8")
    monkeypatch.setenv("AWS_CONFIG_FILE", str(config))
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", str(credentials))
    return config, credentials


def parse_failure(profile: str | None = None) -> bce.ConfigParseError:
    """What a real client raises reading the files (nothing is sent)."""
    with pytest.raises(bce.ConfigParseError) as info:
        boto3.Session(profile_name=profile).client(
            "dynamodb", region_name="us-east-1", endpoint_url="http://127.0.0.1:8000")
    return info.value


def test_a_broken_credentials_file_is_named_with_its_own_variable(files: tuple[Path, Path]) -> None:
    _, credentials = files
    credentials.write_text(BROKEN_CREDENTIALS, encoding="utf-8")
    err = describe_error(parse_failure())
    assert (err.title, err.code) == ("AWS credentials unreadable", "ConfigParse")
    assert err.message == (
        f"The AWS credentials file {credentials} is not valid INI: line 1 is outside any [section] "
        "(a header there without its closing ]?). Fix that file, or point "
        "AWS_SHARED_CREDENTIALS_FILE at another one, then retry.")
    assert SECRET_KEY not in err.message and "AKIA" not in err.message


def test_the_default_credentials_file_names_the_variable_that_would_move_it(
        files: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("AWS_SHARED_CREDENTIALS_FILE")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    default = tmp_path / "home" / ".aws" / "credentials"
    default.parent.mkdir(parents=True)
    default.write_text(BROKEN_CREDENTIALS, encoding="utf-8")
    err = describe_error(parse_failure())
    assert err.title == "AWS credentials unreadable"
    assert f"The AWS credentials file {default} is not valid INI" in err.message
    assert "point AWS_SHARED_CREDENTIALS_FILE at another one" in err.message
    assert "AWS_CONFIG_FILE" not in err.message


@pytest.mark.parametrize(("text", "detail"), [
    ("[default]\nregion = us-east-1\n[profile dup]\nregion = us-east-1\n[profile dup]\n"
     "region = eu-west-1\n", "section 'profile dup' appears twice (again at line 5)."),
    ("[default]\nregion = us-east-1\nregion = eu-west-1\n",
     "option 'region' appears twice in section 'default' (again at line 3)."),
    ("[default]\nregion = us-east-1\nthis line has no equals sign\n",
     "line 3 is neither a [section] header nor a name = value line."),
    ("region = us-east-1\n[default]\n",
     "line 1 is outside any [section] (a header there without its closing ]?)."),
    ("[default]\nregion = us-east-1\ns3 =\n  addressing_style path\n",
     'an indented line under a nested setting (such as s3 =) has no "=".'),
])
def test_the_config_file_says_where_it_failed(files: tuple[Path, Path], text: str,
                                               detail: str) -> None:
    config, _ = files
    config.write_text(text, encoding="utf-8")
    err = describe_error(parse_failure())
    assert err.title == "AWS config unreadable"
    assert err.message == (f"The AWS config file {config} is not valid INI: {detail} Fix that "
                           "file, or point AWS_CONFIG_FILE at another one, then retry.")


def test_a_line_of_the_file_is_never_quoted(files: tuple[Path, Path]) -> None:
    """A key pasted on its own line (no "name =") is located, not shown."""
    _, credentials = files
    credentials.write_text(f"[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\n{SECRET_KEY}\n",
                           encoding="utf-8")
    err = describe_error(parse_failure())
    assert "line 3 is neither a [section] header" in err.message
    assert SECRET_KEY not in err.message and "wJalr" not in err.message


def test_a_file_path_variable_is_not_taken_for_a_secret(
        files: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """*_FILE variables hold paths; the other secret-named variables are still removed."""
    _, credentials = files
    monkeypatch.setenv("DEPLOY_TOKEN", "tok-0123456789abcdef")
    text = f"The AWS credentials file {credentials} is unreadable (DEPLOY_TOKEN tok-0123456789abcdef)."
    cleaned = clean_message(text)
    assert str(credentials) in cleaned
    assert "tok-0123456789abcdef" not in cleaned


def test_the_cli_names_the_credentials_file_and_its_variable(
        files: tuple[Path, Path], moto_endpoint: str, capsys: pytest.CaptureFixture[str]) -> None:
    _, credentials = files
    credentials.write_text(BROKEN_CREDENTIALS, encoding="utf-8")
    assert cli_main(["tables", "--endpoint-url", moto_endpoint]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"dynoview: AWS credentials unreadable: The AWS credentials file "
                          f"{credentials} is not valid INI: line 1")
    assert "point AWS_SHARED_CREDENTIALS_FILE at another one" in err
    assert "<redacted>" not in err and "AWS_CONFIG_FILE" not in err and SECRET_KEY not in err
