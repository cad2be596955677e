"""Reading an audit report (``dynoview audit --format json``) for a repair: each finding
with its keys, the schema it was made with, and a digest that ties a state file to it."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dynoview.core.errors import DynoViewError
from dynoview.core.session.user_files import UserFileError, decode_user_text, loads_user_json
from dynoview.core.uniqueness.findings import EXPLANATIONS, OK, ORPHAN_LOCK, STATUSES, Finding
from dynoview.core.uniqueness.schema import SchemaError, UniquenessSchema
from dynoview.core.uniqueness.schema_file import schema_from_json
from dynoview.core.values.dynamodb_json import from_dynamodb_json
from dynoview.core.values.types import ValueParseError

REPORT_FORMAT = "dynoview-audit"
REPORT_VERSION = 1


class RepairError(DynoViewError):
    """A report or state file that cannot be used; nothing was sent."""


@dataclass(frozen=True)
class AuditReport:
    """The parts of ``dynoview audit --format json`` a repair needs."""

    table: str
    schema: UniquenessSchema | None
    findings: tuple[Finding, ...]
    complete: bool = True
    generated_at: str | None = None
    digest: str = ""  # sha256 of the report's bytes: ties a state file to its report
    source: str = ""
    schema_origin: str | None = None  # where the audit's schema came from, when recorded


def _keys(raw: Any, where: str) -> tuple[dict[str, Any], ...]:
    if not isinstance(raw, list):
        raise RepairError(f"{where} must be a list of keys in DynamoDB JSON.")
    out = []
    for i, key in enumerate(raw):
        if not isinstance(key, Mapping) or not key:
            raise RepairError(f"{where}[{i}] must be a key such as "
                              '{"PK": {"S": "UNIQ#EMAIL#ada@lovelace.io"}, "SK": {"S": "LOCK"}}.')
        try:
            out.append({str(k): from_dynamodb_json(v, f"{where}[{i}].{k}") for k, v in key.items()})
        except ValueParseError as exc:
            raise RepairError(f"{exc.path}: {exc.message}") from None
    return tuple(out)


def finding_from_json(raw: Any, where: str = "finding") -> Finding:
    """A finding as ``report.finding_json`` wrote it (keys from DynamoDB JSON)."""
    if not isinstance(raw, Mapping):
        raise RepairError(f"{where} must be an object with status, rule, value and keys.")
    status = raw.get("status")
    if status not in STATUSES or status == OK:
        raise RepairError(f"{where}.status must be one of {', '.join(STATUSES[1:])}, not {status!r}.")
    rule, value = raw.get("rule"), raw.get("value")
    if not (rule is None or isinstance(rule, str)) or not (value is None or isinstance(value, str)):
        raise RepairError(f"{where}: rule and value must be strings (or null).")
    accounts = raw.get("accounts", [])
    if not isinstance(accounts, list) or not all(isinstance(a, str) for a in accounts):
        raise RepairError(f"{where}.accounts must be a list of account ids.")
    reserved = raw.get("reserved_until")
    if reserved is not None and (not isinstance(reserved, str) or status != ORPHAN_LOCK):
        raise RepairError(f"{where}.reserved_until must be the time (text) an ORPHAN_LOCK's "
                          "reservation ends, or absent.")
    return Finding(status, rule, value, tuple(accounts),
                   _keys(raw.get("lock_keys", []), f"{where}.lock_keys"),
                   str(raw.get("sentence") or ""), str(raw.get("explanation") or EXPLANATIONS[status]),
                   _keys(raw.get("account_keys", []), f"{where}.account_keys"), reserved or None)


def parse_report(data: Any, *, digest: str = "", source: str = "") -> AuditReport:
    """Validate an audit report's JSON (see docs/cli-audit.md); errors name the field."""
    if not isinstance(data, Mapping) or data.get("format") != REPORT_FORMAT:
        raise RepairError("This is not a DynoView audit report: make one with "
                          "`dynoview audit --table T --format json > report.json`.")
    version = data.get("version")
    if version != REPORT_VERSION:
        raise RepairError(f"The report has version {version!r}; this DynoView reads version "
                          f"{REPORT_VERSION}. Run the audit again with this version.")
    table = data.get("table")
    if not isinstance(table, str) or not table:
        raise RepairError("The report names no table; run the audit again.")
    schema = None
    if data.get("schema") is not None:
        try:
            schema = schema_from_json(data["schema"], "the report's schema")
        except SchemaError as exc:
            raise RepairError(str(exc)) from None
    origin = data.get("schema_origin")
    if origin is not None and not isinstance(origin, str):
        raise RepairError("schema_origin must be text (where the audit's schema came from), or absent.")
    confident = data.get("schema_confident", True)
    if not isinstance(confident, bool):
        raise RepairError("schema_confident must be true or false, or absent.")
    if not confident:
        # Findings classified by a guessed layout: on a healthy table every lock an orphan (or
        # every account missing one), and the repair released (or wrote) them all.
        raise RepairError("The report's audit used a schema its detection was not sure of"
                          + (f" ({origin})" if origin else "") + ": its findings may describe "
                          "another layout than the table's, so nothing is repaired from it. Write "
                          "the schema (dynoview audit --detect prints its proposal to edit), audit "
                          "again with --schema FILE, and repair from that report.")
    raw = data.get("findings")
    if not isinstance(raw, list):
        raise RepairError("The report has no findings list; run the audit again.")
    findings = tuple(finding_from_json(f, f"findings[{i}]") for i, f in enumerate(raw))
    generated = data.get("generated_at")
    return AuditReport(table, schema, findings, bool(data.get("complete", True)),
                       generated if isinstance(generated, str) else None, digest, source, origin)


def load_report(path: str | os.PathLike[str]) -> AuditReport:
    """Read an audit report file."""
    source = os.fspath(path)
    try:
        data = Path(source).read_bytes()
    except OSError as exc:
        raise RepairError(f"Cannot read the report {source} ({exc.strerror or exc}); check the path.") \
            from None
    try:
        parsed = loads_user_json(decode_user_text(data, f"The report {source}"), f"The report {source}")
    except UserFileError as exc:  # an encoding, a repeated key, bad syntax: each named
        raise RepairError(f"{exc.message} Make it again with `dynoview audit --format json`.") from None
    return parse_report(parsed, digest=hashlib.sha256(data).hexdigest(), source=source)
