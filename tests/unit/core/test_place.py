"""Which reconnects are to the same place (issue 25: a reconnect there keeps the window's tabs)."""

from __future__ import annotations

from types import SimpleNamespace

from dynoview.core.session.connection import ConnectionSpec
from dynoview.core.session.identity import Identity
from dynoview.core.session.place import Place


def conn(region: str = "eu-west-1", profile: str | None = "support", account: str | None = None,
         endpoint: str | None = None, demo: bool = False) -> SimpleNamespace:
    identity = Identity(account, f"arn:aws:sts::{account}:assumed-role/R/s", region) if account else None
    spec = ConnectionSpec(name="c", profile=profile, region=region, endpoint_url=endpoint, demo=demo)
    return SimpleNamespace(spec=spec, region=region, identity=identity)


def test_same_profile_region_and_endpoint_is_the_same_place() -> None:
    assert Place.of(conn()).same_as(Place.of(conn()))
    # The new connection's account is not known yet when it opens: the profile decides.
    assert Place.of(conn(account="111122223333")).same_as(Place.of(conn()))
    assert Place.of(conn(account="111122223333")).same_as(Place.of(conn(account="111122223333")))


def test_another_region_profile_endpoint_or_account_is_not() -> None:
    here = Place.of(conn(account="111122223333"))
    assert not here.same_as(Place.of(conn(region="us-east-1")))
    assert not here.same_as(Place.of(conn(profile="admin")))
    assert not here.same_as(Place.of(conn(endpoint="http://localhost:8000")))
    assert not here.same_as(Place.of(conn(account="444455556666")))
    assert not Place.of(conn(demo=True)).same_as(Place.of(conn(demo=True)))  # a new demo each time


def test_the_place_in_words() -> None:
    assert Place.of(conn(account="111122223333")).describe() == "account 111122223333 in eu-west-1"
    assert Place.of(conn(endpoint="http://localhost:8000", region="us-east-1")).describe() == \
        "http://localhost:8000 in us-east-1"
