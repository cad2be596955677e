"""A TransactWriteItems request full of values that try to become code in an export.

Shared by the unit tests (exports run against fake SDKs) and the integration tests
(exports run against moto). Every value is valid for DynamoDB: only what the code
generators do with it is under test.
"""

from __future__ import annotations

import base64
from typing import Any

# Shell payloads are relative: run the command in a temporary folder and look for this file.
SHELL_CANARY = "pwned"

OLD_MARKER = "\u0000b64:"  # the text marker the JavaScript export used to rewrite

HOSTILE = [
    "quote \" and ' and \\ backslash \\\" and \\\\",
    "${process.exit(3)} `backtick ${1+1}` #{x} %(s)s {0}",
    "line\nbreak\r\ttab\x0bvtab\x0cff",
    "sep\u2028para\u2029end",
    "nul\x00byte",
    OLD_MARKER + "QUJD",
    "</script><script>alert(1)</script><!--",
    f"$(touch {SHELL_CANARY}) `touch {SHELL_CANARY}`; touch {SHELL_CANARY} && echo | cat > {SHELL_CANARY}",
    f"'; touch {SHELL_CANARY}; '",
    "ünïcödé ✓ 𝄞 🎉 \u200b\ufeff",
    "*/ /* // <!-- -->",
    "\"\"\" ''' \\N{BULLET} \\u0041 \\x41 \\0",
]

BIG_NUMBERS = ["12345678901234567890123456789012345678", "-0.12345678901234567890123456789012345678",
               "99999999999999999999999999999999999999"]

# Starts with "-" (could pass for a CLI option) and carries shell syntax; 36 characters at most.
TOKEN = f"-t'$(touch {SHELL_CANARY})\";rm x;`id`"


def js_payloads(canary: str) -> list[str]:
    """Strings aimed at the old marker rewrite of the JavaScript export: the first ran code
    there (a JSON-escaped quote ended the marker early); the second only broke its syntax."""
    return [
        f"x\"{OLD_MARKER} + (await import('node:fs')).writeFileSync('{canary}', 'pwned') //",
        f"{OLD_MARKER}A\"); (await import('node:fs')).writeFileSync('{canary}', 'pwned'); (\"",
    ]


def _s(value: str) -> dict[str, str]:
    return {"S": value}


def hostile_item(canary: str, *, binary: bool = True) -> dict[str, Any]:
    """An account item whose keys, values, sets and nested maps and lists are all hostile."""
    first, second = js_payloads(canary)
    item: dict[str, Any] = {
        "PK": _s("ACCT#'\"$(touch pwned)`\\\u2028" + OLD_MARKER),
        "SK": _s("PROFILE"),
        "email": _s(first),  # a GSI key: never empty
        "username": _s(second),
        "empty": _s(""),
        "emptyList": {"L": []},
        "emptyMap": {"M": {}},
        "n": {"N": BIG_NUMBERS[0]},
        "ns": {"NS": BIG_NUMBERS},
        "ss": {"SS": [*HOSTILE, first, second]},
        "flags": {"L": [{"BOOL": True}, {"BOOL": False}, {"NULL": True}]},
        "__proto__": {"M": {"__proto__": _s("proto"), "constructor": _s("ctor"), "toString": _s("ts")}},
        "nested": {"M": {"list": {"L": [_s(h) for h in HOSTILE] + [
            {"M": {h: _s(h) for h in HOSTILE}},
            {"L": [{"N": n} for n in BIG_NUMBERS]},
        ]}}},
    }
    for i, text in enumerate(HOSTILE):
        item[text] = _s(f"{i}:{text}")  # hostile attribute names, too
    if binary:
        item["bin"] = {"B": b"\x00\xff\"\\\n" + OLD_MARKER.encode() + b"\x00"}
        item["binEmpty"] = {"B": b""}
        item["bs"] = {"BS": [b"\x00", b"\xff\xfe", OLD_MARKER.encode() + b"QUJD", bytes(range(256))]}
        item["nested"]["M"]["bytes"] = {"L": [{"B": b"\x01\x02"}, {"BS": [b"\x03"]}]}
    return item


def hostile_request(table: str, canary: str, *, binary: bool = True) -> dict[str, Any]:
    """Put the account, Put its email lock, Update another item: each guarded as the app does."""
    item = hostile_item(canary, binary=binary)
    guard = {"ConditionExpression": "attribute_not_exists(#n0)", "ExpressionAttributeNames": {"#n0": "PK"}}
    update_value: dict[str, Any] = {"M": {h: _s(h) for h in HOSTILE}}
    if binary:
        update_value["M"]["bin"] = {"B": b"\x00\xff"}
    return {
        "TransactItems": [
            {"Put": {"TableName": table, "Item": item, **guard}},
            {"Put": {"TableName": table, "Item": {"PK": _s("UNIQ#EMAIL#" + item["email"]["S"]),
                                                  "SK": _s("LOCK")}, **guard}},
            {"Update": {
                "TableName": table,
                "Key": {"PK": _s("ACCT#other`$(touch pwned)`"), "SK": _s("PROFILE")},
                "UpdateExpression": "SET #a = :v, #b = :w",
                "ExpressionAttributeNames": {"#a": "we\"ird `${name}`\n\u2028", "#b": "__proto__"},
                "ExpressionAttributeValues": {":v": update_value, ":w": _s(OLD_MARKER + "QUJD\")//")},
            }},
        ],
        "ClientRequestToken": TOKEN,
    }


def written_items(request: dict[str, Any]) -> dict[tuple[str, str], dict[str, Any]]:
    """The items the request leaves in a table that had none of them: key -> item."""
    items: dict[tuple[str, str], dict[str, Any]] = {}
    for action in request["TransactItems"]:
        if "Put" in action:
            item = action["Put"]["Item"]
        else:
            update = action["Update"]
            names, values = update["ExpressionAttributeNames"], update["ExpressionAttributeValues"]
            item = {**update["Key"], names["#a"]: values[":v"], names["#b"]: values[":w"]}
        items[(item["PK"]["S"], item["SK"]["S"])] = item
    return items


def tagged(value: Any) -> Any:
    """``value`` with bytes as {"__b64": base64}: how the fake SDKs print binary."""
    if isinstance(value, (bytes, bytearray)):
        return {"__b64": base64.b64encode(bytes(value)).decode("ascii")}
    if isinstance(value, dict):
        return {k: tagged(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [tagged(v) for v in value]
    return value
