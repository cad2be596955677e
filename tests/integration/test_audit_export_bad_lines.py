"""An export in S3 (moto's S3) with a line that is not an item, or not JSON: the audit of the
s3:// export stops naming the data file and its real line (the copy downloaded to check it is
removed), on the command line (exit 2) and through audit_exports alike."""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import boto3
import pytest

from dynoview.cli import main
from dynoview.core.exports.audit import ExportAuditOptions, audit_exports
from dynoview.core.exports.manifest import ExportError
from dynoview.core.exports.writer import upload_export, write_export
from dynoview.core.uniqueness.schema import article_schema
from tests.helpers import FAKE_KEYS

pytestmark = pytest.mark.integration

NOW = datetime(2026, 6, 1, tzinfo=UTC)


@pytest.fixture
def s3(moto_endpoint: str) -> Any:
    return boto3.client("s3", endpoint_url=moto_endpoint, region_name="us-east-1", **FAKE_KEYS)


def _export_with(root: Path, line: str, index: int) -> tuple[Path, str]:
    """A one-file export whose line ``index`` is ``line`` (checksums made to match)."""
    items = [{"PK": {"S": f"ACCT#{i}"}, "SK": {"S": "PROFILE"}, "email": {"S": f"u{i}@x.io"}}
             for i in range(5)] + [{"PK": {"S": f"UNIQ#EMAIL#u{i}@x.io"}, "SK": {"S": "LOCK"}}
                                   for i in range(5)]
    folder = write_export(root, "accounts", items, files=1, export_time=NOW.timestamp())
    entry = json.loads((folder / "manifest-files.json").read_text())
    path = folder / "data" / Path(entry["dataFileS3Key"]).name
    lines = gzip.decompress(path.read_bytes()).decode().splitlines()
    lines[index] = line
    raw = gzip.compress(("\n".join(lines) + "\n").encode(), mtime=0)
    path.write_bytes(raw)
    digest = hashlib.md5(raw).digest()
    entry.update(md5Checksum=base64.b64encode(digest).decode(), etag=hashlib.md5(digest).hexdigest() + "-1")
    (folder / "manifest-files.json").write_text(json.dumps(entry) + "\n")
    (folder / "manifest-files.checksum").write_text(
        hashlib.md5((folder / "manifest-files.json").read_bytes()).hexdigest())
    return folder, f"data/{path.name}"


@pytest.mark.parametrize(("line", "said", "lead"), [
    ('{"Itemz": {"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}}}', 'has no "Item"',
     "The export audit stopped"),
    ('{"Item": {"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}, "email": {"S": 5}}}',
     "has an attribute 'email' in \"Item\" that is not DynamoDB JSON", "The export audit stopped"),
    ("this is not json", "is not JSON", "DuckDB could not read the export"),
])
def test_s3_export_with_a_bad_line_names_it(s3: Any, moto_endpoint: str, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str], line: str, said: str,
                                            lead: str) -> None:
    folder, rel = _export_with(tmp_path / "local", line, 1)
    s3.create_bucket(Bucket="dynoview-bad-lines")
    url = upload_export(s3, folder, "dynoview-bad-lines", "exports")
    work = tmp_path / "work"
    with pytest.raises(ExportError) as err:
        audit_exports([url], article_schema(), s3_client=s3,
                      options=ExportAuditOptions(now=NOW, temp_directory=work))
    message = err.value.message
    assert message.startswith(f"{lead}: line 2 of {rel} {said}"), message
    assert "LINE " not in message and "read_ndjson" not in message and "in line" not in message
    assert err.value.file == rel
    assert not [p for p in work.iterdir() if p.name.startswith("dynoview-audit-")]  # downloads gone
    code = main(["audit", "--export", url, "--s3-endpoint-url", moto_endpoint])
    out = capsys.readouterr()
    assert (code, out.out) == (2, "")
    assert f"line 2 of {rel} {said}" in out.err and "ORPHAN_LOCK" not in out.err
