"""Saved schemas are keyed by the connection's name and where it points (``connection_key``):
every --endpoint-url connection is "local", a profile's is its name in every region, and a schema
saved for ``users`` on one endpoint described another app's ``users`` on the next. A file an
older version saved under the name alone is still read, and moves to the new key on a save."""

from __future__ import annotations

from pathlib import Path

from dynoview.core.session.connection import ConnectionSpec
from dynoview.core.uniqueness.schema import article_schema
from dynoview.core.uniqueness.schema_store import SchemaStore, connection_key

A = ConnectionSpec(name="local", endpoint_url="http://127.0.0.1:8000", region="us-east-1")
B = ConnectionSpec(name="local", endpoint_url="http://127.0.0.1:8001", region="us-east-1")


def test_the_key_names_the_endpoint_region_and_profile() -> None:
    assert connection_key(A) == "local @ http://127.0.0.1:8000, us-east-1"
    assert connection_key(A) != connection_key(B)
    prod = ConnectionSpec(name="prod", profile="prod")
    assert connection_key(prod, "eu-west-1") == "prod @ AWS, eu-west-1, profile prod"
    assert connection_key(prod, "eu-west-1") != connection_key(prod, "us-east-1")
    secret = ConnectionSpec(name="local", endpoint_url="http://me:pw@127.0.0.1:8000")
    assert "pw" not in connection_key(secret, "us-east-1")  # a key is a folder name: no password
    # The demo's endpoint changes at every start; its schemas are in a profile of their own.
    assert connection_key(ConnectionSpec(name="demo", endpoint_url="http://127.0.0.1:5", demo=True)) == "demo"


def test_a_schema_saved_on_one_endpoint_is_not_used_on_another(tmp_path: Path) -> None:
    store = SchemaStore(tmp_path)
    store.save(connection_key(A), "users", article_schema("A"), legacy=A.name)
    assert store.load(connection_key(A), "users", legacy=A.name).schema == article_schema("A")
    assert store.load(connection_key(B), "users", legacy=B.name).schema is None


def test_a_file_saved_under_the_name_alone_is_read_then_moved_on_save(tmp_path: Path) -> None:
    store = SchemaStore(tmp_path)
    old = store.save("local", "users", article_schema("OLD"))  # as versions before saved it
    loaded = store.load(connection_key(A), "users", legacy="local")
    assert loaded.schema == article_schema("OLD") and loaded.legacy
    new = store.save(connection_key(A), "users", article_schema("NEW"), legacy="local")
    assert new != old and not old.exists()  # moved: no longer read for every "local"
    assert store.load(connection_key(A), "users", legacy="local").schema == article_schema("NEW")
    assert not store.load(connection_key(A), "users", legacy="local").legacy
    assert store.load(connection_key(B), "users", legacy="local").schema is None


def test_the_own_key_wins_and_delete_removes_both(tmp_path: Path) -> None:
    store = SchemaStore(tmp_path)
    store.save("local", "users", article_schema("OLD"))
    store.save(connection_key(B), "users", article_schema("B"))  # saved without moving the old
    assert store.load(connection_key(B), "users", legacy="local").schema == article_schema("B")
    store.delete(connection_key(B), "users", legacy="local")  # else the old one would load again
    assert store.load(connection_key(B), "users", legacy="local").schema is None
