"""Production connections in the core (issue 25): marked, matched by a profile pattern in the
settings file, opened read-only with the guard in the session, and writable for a session only
with the account id typed."""

from __future__ import annotations

from pathlib import Path

import pytest

from dynoview.core.errors import ReadOnlyError
from dynoview.core.session import production
from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.core.session.identity import caller_identity
from dynoview.core.session.production import WriteModeRefused

pytestmark = [pytest.mark.integration]


def test_patterns_from_the_settings_file(tmp_path: Path) -> None:
    settings = tmp_path / "settings.ini"
    assert production.load_patterns(settings) == ()  # no file: nothing is production by name
    settings.write_text('[connections]\nsaved=x\n\n[production]\nprofile_patterns="*-prod, live"\n')
    assert production.load_patterns(settings) == ("*-prod", "live")
    settings.write_text("[production\nbroken")
    assert production.load_patterns(settings) == ()
    spec = ConnectionSpec(name="c", profile="payments-prod")
    opened = production.as_opened(spec, ("*-prod",))
    assert opened.production and opened.read_only
    assert production.as_opened(ConnectionSpec(name="c", profile="payments-dev"), ("*-prod",)) == \
        ConnectionSpec(name="c", profile="payments-dev")
    demo = ConnectionSpec(name="d", demo=True, profile="x-prod")
    assert production.as_opened(demo, ("*-prod",)) == demo


def test_the_saved_flag_round_trips_and_is_said() -> None:
    spec = ConnectionSpec(name="payments", profile="p", production=True)
    assert spec.to_settings()["production"] is True
    assert ConnectionSpec.from_settings(spec.to_settings()) == spec
    assert "production" not in ConnectionSpec(name="x").to_settings()
    assert spec.describe().endswith("(production)")


def test_a_matching_profile_opens_read_only_and_the_guard_is_in_the_session(
        moto_endpoint: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from dynoview.core.session import profile

    monkeypatch.setattr(profile, "config_dir", lambda _profile=None: tmp_path)
    (tmp_path / "settings.ini").write_text("[production]\nprofile_patterns=ops-*\n")
    (tmp_path / "config").write_text("[profile ops-eu]\nregion = us-east-1\n"
                                     "aws_access_key_id = AKIAOPSPROFILE000001\n"
                                     "aws_secret_access_key = ops-secret-key-00000000000000000000000\n")
    monkeypatch.setenv("AWS_CONFIG_FILE", str(tmp_path / "config"))
    conn = Connection(ConnectionSpec(name="ops", profile="ops-eu", endpoint_url=moto_endpoint))
    assert conn.spec.production and conn.read_only
    # Every client of the session refuses, the app's and one made directly.
    direct = conn.session.client("dynamodb", region_name="us-east-1", endpoint_url=moto_endpoint)
    for client in (conn.client, conn.new_client(), direct):
        with pytest.raises(ReadOnlyError, match="production connection"):
            client.delete_item(TableName="t", Key={"PK": {"S": "x"}})
    # Without an STS endpoint for this local endpoint, the account is unknown: the name is typed.
    assert caller_identity(conn) is None
    with pytest.raises(WriteModeRefused, match="connection name 'ops'"):
        conn.enable_writes("ops-eu")
    conn.enable_writes("ops")
    assert not conn.read_only and conn.spec.production
    with pytest.raises(Exception) as info:  # sent now: moto answers for the missing table
        conn.client.delete_item(TableName="t", Key={"PK": {"S": "x"}})
    assert not isinstance(info.value, ReadOnlyError)
    conn.disable_writes()
    with pytest.raises(ReadOnlyError):
        conn.client.delete_item(TableName="t", Key={"PK": {"S": "x"}})


def test_write_mode_needs_the_account_id_when_it_is_known(
        moto_endpoint: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AWS_ENDPOINT_URL_STS", moto_endpoint)
    conn = Connection(ConnectionSpec(name="payments", endpoint_url=moto_endpoint, region="us-east-1",
                                     production=True))
    identity = caller_identity(conn)
    assert identity is not None and identity.region == "us-east-1"
    with pytest.raises(WriteModeRefused, match=f"account id {identity.account}"):
        conn.enable_writes("payments")
    conn.enable_writes(f" {identity.account} ")
    assert not conn.read_only


@pytest.mark.parametrize("variable", ["AWS_DEFAULT_PROFILE", "AWS_PROFILE"])
def test_a_production_profile_from_the_environment_opens_read_only(
        moto_endpoint: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, variable: str) -> None:
    """A connection that names no profile signs with boto3's (AWS_DEFAULT_PROFILE, then
    AWS_PROFILE): matched as production on that profile, so it opens read-only too."""
    from dynoview.core.session import profile
    from dynoview.core.session.connection import spec_from_environment

    monkeypatch.setattr(profile, "config_dir", lambda _profile=None: tmp_path)
    (tmp_path / "settings.ini").write_text("[production]\nprofile_patterns=*-prod\n")
    (tmp_path / "config").write_text("[profile acme-prod]\nregion = us-east-1\n"
                                     "aws_access_key_id = AKIAACMEPROD00000001\n"
                                     "aws_secret_access_key = acme-secret-key-000000000000000000000\n")
    monkeypatch.setenv("AWS_CONFIG_FILE", str(tmp_path / "config"))
    monkeypatch.setenv(variable, "acme-prod")
    conn = Connection(ConnectionSpec(name="saved", endpoint_url=moto_endpoint))
    assert conn.spec.production and conn.read_only
    with pytest.raises(ReadOnlyError, match="production connection"):
        conn.client.delete_item(TableName="t", Key={"PK": {"S": "x"}})
    assert spec_from_environment(endpoint_url=moto_endpoint).profile == "acme-prod"


def test_an_endpoint_in_the_profile_config_is_named_where_the_data_goes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A profile's endpoint_url, or AWS_ENDPOINT_URL_DYNAMODB, is followed as the AWS SDKs follow
    it, and the connection's spec names it (what the window, its checks and the action log
    show): never a host other than the one named (nothing is sent here: the clients are only made)."""
    elsewhere = "http://192.0.2.2:18765"
    (tmp_path / "config").write_text(f"[profile dev]\nregion = eu-west-1\nendpoint_url = {elsewhere}\n"
                                     "aws_access_key_id = AKIADEVPROFILE000001\n"
                                     "aws_secret_access_key = dev-secret-key-0000000000000000000000\n")
    monkeypatch.setenv("AWS_CONFIG_FILE", str(tmp_path / "config"))
    monkeypatch.setenv("AWS_ENDPOINT_URL_DYNAMODB", elsewhere)
    conn = Connection(ConnectionSpec(name="dev", profile="dev"))
    assert conn.spec.endpoint_url == elsewhere and elsewhere in conn.spec.describe()
    assert conn.client.meta.endpoint_url == elsewhere
    assert conn.streams_client().meta.endpoint_url == elsewhere
