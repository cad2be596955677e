import pytest

from dynoview.core.session.connection import ConnectionSpec, spec_from_environment
from dynoview.core.session.endpoints import endpoint_is_local


@pytest.mark.parametrize("url, local", [
    ("http://localhost:8000", True), ("http://127.0.0.1:4566", True), ("http://[::1]:8000", True),
    ("https://dynamodb.eu-west-1.amazonaws.com", False), ("http://10.0.0.5:8000", False),
    (None, False),
])
def test_endpoint_is_local(url: str | None, local: bool) -> None:
    assert endpoint_is_local(url) is local


def test_environment_is_honoured_and_flags_win() -> None:
    env = {"AWS_PROFILE": "dev", "AWS_DEFAULT_REGION": "eu-west-1",
           "AWS_ENDPOINT_URL": "http://localhost:9000",
           "AWS_ENDPOINT_URL_DYNAMODB": "http://localhost:8000"}
    spec = spec_from_environment(environ=env)
    assert (spec.profile, spec.region, spec.endpoint_url) == ("dev", "eu-west-1",
                                                              "http://localhost:8000")
    spec = spec_from_environment(profile="prod", region="us-west-2", environ={
        "AWS_REGION": "eu-central-1", "AWS_DEFAULT_REGION": "eu-west-1"})
    assert (spec.profile, spec.region, spec.endpoint_url) == ("prod", "us-west-2", None)
    assert spec_from_environment(environ={"AWS_REGION": "eu-central-1",
                                          "AWS_DEFAULT_REGION": "x"}).region == "eu-central-1"


def test_settings_round_trip_keeps_no_secrets() -> None:
    spec = ConnectionSpec(name="prod", profile="p", region="eu-west-1", read_only=True)
    data = spec.to_settings()
    assert set(data) == {"name", "profile", "region", "read_only"}
    assert ConnectionSpec.from_settings(data) == ConnectionSpec(name="prod", profile="p",
                                                                region="eu-west-1", read_only=True)


def test_settings_without_name_are_rejected() -> None:
    with pytest.raises(ValueError, match="no name"):
        ConnectionSpec.from_settings({"profile": "x"})
