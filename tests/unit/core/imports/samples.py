"""Items for import tests: accounts of the article's layout with both their locks (a clean
table: no finding), documents holding every type (numbers with many digits, binary, sets), and
an S3 export folder written from items as DynamoDB's ExportTableToPointInTime writes one."""

from __future__ import annotations

import base64
import gzip
import hashlib
import io
import json
import random
from decimal import Decimal
from pathlib import Path
from typing import Any

from dynoview.core.items.export import ddb_json_line

Item = dict[str, dict[str, Any]]


def _s(text: str) -> dict[str, str]:
    return {"S": text}


def account(i: int) -> list[Item]:
    """An account with its email and handle locks (the first item is the account)."""
    acct = f"ACCT#{i:08x}"
    email, handle = f"member{i}@example.com", f"member-{i}"
    return [
        {"PK": _s(acct), "SK": _s("PROFILE"), "email": _s(email), "username": _s(handle),
         "createdAt": _s(f"2026-01-01T00:00:{i % 60:02d}Z"), "balance": {"N": f"{i}.0000000000001"}},
        {"PK": _s(f"UNIQ#EMAIL#{email}"), "SK": _s("LOCK"), "account": _s(acct)},
        {"PK": _s(f"UNIQ#HANDLE#{handle}"), "SK": _s("LOCK"), "account": _s(acct)},
    ]


def document(i: int) -> Item:
    """An item of every type, numbers and binary that a float or a text cast would damage."""
    return {"PK": _s(f"DOC#{i}"), "SK": _s("META"),
            "big": {"N": "123456789012345678901234567890123456.78"},
            "tiny": {"N": "-1E-120"}, "blob": {"B": bytes([0, 255, i % 256, 10, 13])},
            "blobs": {"BS": [b"\x00\x01", bytes([i % 256, 7])]} if i % 256 != 0 else {"BS": [b"\x00\x01"]},
            "nums": {"NS": ["1", "2.5", str(i + 3)]}, "tags": {"SS": ["a", "=cmd", f"t{i}"]},
            "flag": {"BOOL": i % 2 == 0}, "nothing": {"NULL": True},
            "formula": _s("=HYPERLINK(\"http://x\")"), "quote": _s("say \"hi\",\nbye"),
            "list": {"L": [{"N": "1"}, _s("two")]}, "map": {"M": {"k": _s("v"), "n": {"N": "7"}}}}


def plain_document(i: int) -> Item:
    """An item plain JSON carries exactly (no binary, no sets)."""
    return {"PK": _s(f"DOC#{i}"), "SK": _s("META"), "big": {"N": "123456789012345678901234567890.5"},
            "name": _s(f"doc {i}"), "flag": {"BOOL": True}, "nothing": {"NULL": True},
            "list": {"L": [{"N": "1"}, _s("x")]}, "map": {"M": {"k": _s("v")}}}


def dataset(accounts: int, documents: int, *, seed: int = 7, shuffle: bool = True) -> list[Item]:
    """Accounts with their locks and documents, shuffled (locks far from their accounts)."""
    items = [i for n in range(accounts) for i in account(n)] + [document(n) for n in range(documents)]
    if shuffle:
        random.Random(seed).shuffle(items)
    return items


def key(item: Item) -> str:
    return json.dumps([item["PK"], item["SK"]], sort_keys=True)


def _number(text: str) -> str:
    # DynamoDB Local answers -1E-120 as -0.000...1: the same number, exactly (Decimal, no float)
    return str(Decimal(text).normalize())


def canonical(items: list[Item]) -> list[str]:
    """Items comparable across reads: sorted, binary as base64, sets sorted, numbers by value."""
    def value(av: dict[str, Any]) -> Any:
        ((code, member),) = av.items()
        if code == "N":
            return {code: _number(member)}
        if code == "NS":
            return {code: sorted(_number(m) for m in member)}
        if code == "B":
            return {code: base64.b64encode(bytes(member)).decode()}
        if code == "BS":
            return {code: sorted(base64.b64encode(bytes(m)).decode() for m in member)}
        if code in ("SS", "NS"):
            return {code: sorted(member)}
        if code == "L":
            return {code: [value(v) for v in member]}
        if code == "M":
            return {code: {k: value(v) for k, v in member.items()}}
        return {code: member}
    return sorted(json.dumps({k: value(v) for k, v in i.items()}, sort_keys=True) for i in items)


def write_s3_export(root: Path, items: list[Item], *, files: int = 2,
                    table_arn: str = "arn:aws:dynamodb:us-east-1:123456789012:table/src") -> Path:
    """An export folder as ExportTableToPointInTime writes it; returns the export's folder."""
    export_id = "01700000000000-abcdef12"
    folder = root / "AWSDynamoDB" / export_id
    (folder / "data").mkdir(parents=True)
    entries = []
    for n in range(files):
        part = items[n::files]
        raw = io.BytesIO()
        with gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as gz:
            for item in part:
                gz.write((ddb_json_line(item) + "\n").encode())
        data = raw.getvalue()
        name = f"part{n}.json.gz"
        (folder / "data" / name).write_bytes(data)
        entries.append({"itemCount": len(part),
                        "md5Checksum": base64.b64encode(hashlib.md5(data).digest()).decode(),
                        "etag": hashlib.md5(data).hexdigest(),
                        "dataFileS3Key": f"prefix/AWSDynamoDB/{export_id}/data/{name}"})
    (folder / "manifest-files.json").write_text("".join(json.dumps(e) + "\n" for e in entries))
    (folder / "manifest-summary.json").write_text(json.dumps({
        "version": "2020-06-30", "exportArn": f"{table_arn}/export/{export_id}", "tableArn": table_arn,
        "exportTime": "2026-01-01T00:00:00Z", "itemCount": len(items), "outputFormat": "DYNAMODB_JSON",
        "manifestFilesS3Key": f"prefix/AWSDynamoDB/{export_id}/manifest-files.json"}))
    return folder
