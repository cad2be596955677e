"""Fixtures the core tests share: DuckDB connections with the export audit's SQL functions."""

from __future__ import annotations

import duckdb
import pytest

from dynoview.core.exports import forms_sql
from dynoview.core.exports.sql import ATHENA_TWIN, DUCKDB


@pytest.fixture(scope="module")
def twin() -> duckdb.DuckDBPyConnection:
    """DuckDB with the Trino functions the twin's SQL calls."""
    con = duckdb.connect()
    forms_sql.register(con, ATHENA_TWIN)
    return con


@pytest.fixture(scope="module")
def duck() -> duckdb.DuckDBPyConnection:
    """DuckDB with forms' own functions as UDFs."""
    con = duckdb.connect()
    forms_sql.register(con, DUCKDB)
    return con
