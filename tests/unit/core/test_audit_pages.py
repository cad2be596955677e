"""The audit's page classifier (JSON bytes, batches) against ``Pairing.feed`` (dicts).

Three ways to classify the same items must give the same pairing, value by value:
``Pairing.feed`` on decoded items (botocore's path), ``PageClassifier.feed`` on the page
bodies as DynamoDB sends them, and batches made elsewhere (as audit worker processes do,
through MessagePack) applied in any segment order.
"""

from __future__ import annotations

import base64
import random
import sys
from datetime import UTC, datetime
from itertools import pairwise, repeat
from typing import Any

import msgspec
import orjson
import pytest

from dynoview.core.audit.pages import PageClassifier, _Item, page_meta
from dynoview.core.uniqueness import sharded_dict
from dynoview.core.uniqueness.pairing import Pairing
from dynoview.core.uniqueness.pairing_state import Batch
from dynoview.core.uniqueness.schema import (
    NORMALISE_LOWER,
    NORMALISE_NFKC_CASEFOLD,
    NORMALISE_TRIM_LOWER,
    LockRule,
    UniquenessSchema,
    article_schema,
)

NOW = datetime(2026, 6, 1, tzinfo=UTC)
PAST = str(int(NOW.timestamp()) - 7200)
FUTURE = str(int(NOW.timestamp()) + 7200)
# Values that stress the parser and the packing: case, spaces, '#', the record separator,
# non-ASCII, JSON escapes, empty; and the forms of one value a person cannot tell apart: NFC
# and NFD, fullwidth, a zero-width space, Cyrillic letters, ASCII skeletons (l and 1, rn and m).
VALUES = ["a@x", "A@x", " a@x", "a@x ", "b#c", "b\x1fc", "é", "É", "日本", 'q"u', "back\\slash", "1",
          "", "ß", "SS", "x\ny", "tab\there", "e\u0301", "ａ@x", "a\u200b@x", "\u0430@x",
          "\u0410@x", "l", "I", "rn", "m", " \u0430@x\u3000", "%"]
SCHEMAS = [
    article_schema(),
    # Accounts' SKs vary; templates with suffixes; two rules on one prefix family; normalisations.
    UniquenessSchema("PK", "SK", "ACCT#", None, (
        LockRule("email", "email", "U#E#{value}#END", None, NORMALISE_TRIM_LOWER),
        LockRule("handle", "username", "U#E#{value}", "LOCK", NORMALISE_LOWER))),
    # A rule that reads the partition key itself.
    UniquenessSchema("PK", "SK", "ACCT#", "PROFILE", (
        LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK"),
        LockRule("pk", "PK", "UNIQ#P#{value}", "LOCK"))),
    # No sort key at all.
    UniquenessSchema("PK", None, "ACCT#", None, (
        LockRule("email", "email", "UNIQ#EMAIL#{value}", None, NORMALISE_TRIM_LOWER),
        LockRule("handle", "username", "UNIQ#EMAIL#{value}#U", None))),
    UniquenessSchema("PK", "SK", "ACCT#", "PROFILE", ()),
    # The clash key as the stored form.
    UniquenessSchema("PK", "SK", "ACCT#", "PROFILE", (
        LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK", NORMALISE_NFKC_CASEFOLD),
        LockRule("handle", "username", "UNIQ#HANDLE#{value}", "LOCK"))),
    # The sort key repeats the value (TypeDORM's markers), next to a fixed-SK rule.
    UniquenessSchema("PK", "SK", "ACCT#", "PROFILE", (
        LockRule("email", "email", "DRM_GEN_USER.EMAIL#{value}", "DRM_GEN_USER.EMAIL#{value}"),
        LockRule("handle", "username", "U#H#{value}#E", "S#{value}", NORMALISE_LOWER))),
    # OneTable's scoped uniques (the scope first, from the account's attributes), next to an
    # unscoped rule; and two scoped rules on one prefix told apart by what follows the scope.
    UniquenessSchema("PK", "SK", "ACCT#", "PROFILE", (
        LockRule("email", "email", "_unique#{scope}#User#email#{value}", "_unique#", NORMALISE_LOWER,
                 scope="${tenantId}"),
        LockRule("handle", "username", "UNIQ#HANDLE#{value}", "LOCK"))),
    UniquenessSchema("PK", None, "ACCT#", None, (
        LockRule("email", "email", "_unique#{scope}#User#email#{value}", None, scope="${org}-${n:3:x}"),
        LockRule("handle", "username", "_unique#{scope}#User#username#{value}#", None,
                 NORMALISE_TRIM_LOWER, scope="${tenantId}"))),
]
SCOPES = ["acme", "Acme", "globex", "a#b", "undefined", "acme-xx7", "-xx7", ""]


def _value(rng: random.Random, text: str) -> Any:
    r = rng.random()
    if r < 0.02:
        return text  # not a typed value (not DynamoDB's shape): the page takes the dict fallback
    if r < 0.03:
        return {"S": 5, "N": "7"}
    if r < 0.75:
        return {"S": text}
    if r < 0.85:
        return {"N": str(rng.randint(0, 99))}
    if r < 0.9:
        return {"SS": [text or "z"]}
    if r < 0.95:
        return {"M": {"S": {"S": text}, "email": {"S": "nested@x"}}}
    return {"NULL": True}


def _ttl(rng: random.Random) -> dict[str, Any]:
    return rng.choice([{"N": PAST}, {"N": FUTURE}, {"N": "abc"}, {"S": PAST}, {"N": "1748736000000"},
                       {"N": "1"}, {"N": f"{PAST}.5"}])


def _items(rng: random.Random, schema: UniquenessSchema, n: int) -> list[dict[str, Any]]:
    """Items as they travel in JSON (binary as base64 text)."""
    out: list[dict[str, Any]] = []
    sk_name = schema.sk_name or "SK"
    for _ in range(n):
        r = rng.random()
        if r < 0.4 or not schema.rules:
            item = {"PK": {"S": "ACCT#" + rng.choice(["1", "2", "3", "4", "5", "6#7", "\x1f", "é"])},
                    sk_name: {"S": rng.choice(["PROFILE", "PROFILE", "OTHER"])}}
            for rule in schema.rules:
                if rng.random() < 0.9:
                    item[rule.attribute] = _value(rng, rng.choice(VALUES))
            for name in ("tenantId", "org", "n"):  # what scoped rules fill their scope from
                if rng.random() < 0.8:
                    item[name] = _value(rng, rng.choice([*SCOPES[:4], "7", "1234"]))
            if rng.random() < 0.2:
                item["expiresAt"] = _ttl(rng)
        elif r < 0.9:
            rule = rng.choice(schema.rules)
            value = rng.choice(VALUES)
            # An SK holding the value: mostly the PK's value, sometimes another one (not a lock).
            sk = rule.lock_sk(rng.choice([value, value, value, "other"])) \
                if rule.sk_template is not None and rng.random() < 0.7 else None
            scope = rng.choice(SCOPES) + rule.middle if rule.middle is not None else ""
            item = {"PK": {"S": rule.fixed_prefix + scope + value + rule.suffix},
                    sk_name: {"S": sk or rng.choice([rule.sk_value or "LOCK", "LOCK", "X"])}}
            if rng.random() < 0.3:
                item["expiresAt"] = _ttl(rng)
        elif r < 0.95:
            item = {"PK": {"B": base64.b64encode(b"\x00\x01").decode()}, sk_name: {"S": "x"}}
        else:
            item = {"PK": {"N": "5"}, sk_name: {"S": "PROFILE"}}
        out.append(item)
    return out


def _decoded(item: dict[str, Any]) -> dict[str, Any]:
    """The item as botocore hands it over: B values as bytes."""
    return {k: ({"B": base64.b64decode(v["B"])} if "B" in v else v) for k, v in item.items()}


def _body(items: list[dict[str, Any]]) -> bytes:
    return orjson.dumps({"Items": items, "Count": len(items), "ScannedCount": len(items)})


def signature(p: Pairing) -> tuple[Any, ...]:
    """Everything a pairing shows: findings (with sentences and keys), the certain ones shown
    while a scan runs, counts, rows."""
    findings = [(f.status, f.rule, f.value, f.account_ids, f.lock_keys, f.sentence, f.account_keys)
                for f in p.findings()]
    certain = [(f.status, f.rule, f.value, f.account_ids, f.sentence) for f in p.certain_findings()]
    rows = [(r.kind, r.account_id, r.key, r.expired,
             sorted((name, c.value, c.status, c.lock_key) for name, c in r.cells.items()),
             [f.status for f in r.findings]) for r in p.rows()]
    return findings, certain, p.counts(), rows, p.items_seen, p.other_items


def _pages(rng: random.Random, items: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    pages, i = [], 0
    while i < len(items):
        k = rng.randint(1, 12)
        pages.append(items[i:i + k])
        i += k
    return pages


@pytest.mark.parametrize("seed", range(300))
def test_three_classifiers_agree(seed: int) -> None:
    _three_classifiers_agree(seed)


@pytest.mark.parametrize("seed", range(100))
def test_three_classifiers_agree_on_split_dicts(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same with the rule dicts split into parts after a few keys (``ShardedDict``: a
    million-key table's dicts), at page and batch boundaries that differ between the three."""
    monkeypatch.setattr(sharded_dict, "SPLIT_AT", 1 + seed % 7)
    _three_classifiers_agree(seed)


def _three_classifiers_agree(seed: int) -> None:
    rng = random.Random(seed)
    schema = SCHEMAS[seed % len(SCHEMAS)]
    pages = _pages(rng, _items(rng, schema, rng.randint(0, 60)))

    by_dicts = Pairing(schema, "expiresAt", NOW)
    for page in pages:
        by_dicts.feed([_decoded(i) for i in page])
    by_json = Pairing(schema, "expiresAt", NOW)
    classifier = PageClassifier(by_json)
    for page in pages:
        assert classifier.feed(_body(page)) == len(page)
    assert signature(by_json) == signature(by_dicts)

    # Worker style: items split into two segments by partition key (as DynamoDB does), each
    # classified into batches that travel as MessagePack and are applied interleaved.
    segments: list[list[dict[str, Any]]] = [[], []]
    for page in pages:
        for item in page:
            segments[sum(orjson.dumps(item["PK"])) % 2].append(item)
    reference = Pairing(schema, "expiresAt", NOW)
    for segment in segments:
        reference.feed([_decoded(i) for i in segment])
    merged = Pairing(schema, "expiresAt", NOW)
    queues: list[list[Batch]] = []
    for segment in segments:
        worker = Pairing(schema, "expiresAt")
        worker.now = merged.now
        c = PageClassifier(worker)
        made = []
        for j in range(0, len(segment), 5):
            c.classify(_body(segment[j:j + 5]))
            if rng.random() < 0.5:
                made.append(c.take())
        made.append(c.take())
        queues.append([msgspec.msgpack.decode(msgspec.msgpack.encode(b), type=Batch) for b in made])
    while any(queues):
        queue = rng.choice([q for q in queues if q])
        merged.apply(queue.pop(0), step=(lambda: None) if rng.random() < 0.5 else None)
    assert signature(merged) == signature(reference)


def test_apply_lets_the_event_loop_go_between_the_dicts() -> None:
    """``step`` (the window's ``yield_to_ui``) runs before each of the four dicts (locks and
    holders of two rules) takes a batch's values, so a window's event loop that is behind goes
    between them, not after all four."""
    schema = article_schema()
    items: list[dict[str, Any]] = []
    for k in range(200):
        items += [{"PK": {"S": f"ACCT#{k}"}, "SK": {"S": "PROFILE"}, "email": {"S": f"u{k}@x"},
                   "username": {"S": f"u{k}"}},
                  {"PK": {"S": f"UNIQ#EMAIL#u{k}@x"}, "SK": {"S": "LOCK"}},
                  {"PK": {"S": f"UNIQ#HANDLE#u{k}"}, "SK": {"S": "LOCK"}}]
    worker = Pairing(schema, "expiresAt", NOW)
    classifier = PageClassifier(worker)
    classifier.classify(_body(items))
    batch = classifier.take()
    stepped = Pairing(schema, "expiresAt", NOW)

    def sizes() -> list[int]:
        return [len(d) for state in stepped.rules.values() for d in (state.locks, state.holders)]

    seen = [sizes()]
    stepped.apply(batch, step=lambda: seen.append(sizes()))
    seen.append(sizes())
    grew = [sum(a != b for a, b in zip(before, after, strict=True)) for before, after in pairwise(seen)]
    assert seen[-1] == [200, 200, 200, 200]
    assert max(grew) == 1 and sum(grew) == 4  # one dict at a time, each once
    plain = Pairing(schema, "expiresAt", NOW)
    plain.apply(batch)
    assert signature(stepped) == signature(plain)


def test_body_that_is_not_dynamodb_shaped_is_classified_like_dicts() -> None:
    """Valid JSON whose attribute values are not typed objects: the dict classifier decides."""
    items = [{"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}, "email": "plain", "username": {"S": "u"}},
             {"PK": {"S": "UNIQ#HANDLE#u"}, "SK": {"S": "LOCK"}},
             {"PK": {"S": "UNIQ#EMAIL#e"}, "SK": {"S": "LOCK"}, "expiresAt": {"N": PAST}}]
    by_dicts = Pairing(article_schema(), "expiresAt", NOW)
    by_dicts.feed(items)
    by_json = Pairing(article_schema(), "expiresAt", NOW)
    PageClassifier(by_json).feed(_body(items))
    assert signature(by_json) == signature(by_dicts)


def test_page_meta_skips_items_and_keeps_paging_fields() -> None:
    body = (b'{"Items":[{"PK":{"S":"a]\\"}"}}],"Count":1,"ScannedCount":3,'
            b'"LastEvaluatedKey":{"PK":{"S":"x"},"SK":{"B":"AAE="}},'
            b'"ConsumedCapacity":{"TableName":"t","CapacityUnits":0.5}}')
    assert page_meta(body) == {"Count": 1, "ScannedCount": 3,
                               "LastEvaluatedKey": {"PK": {"S": "x"}, "SK": {"B": "AAE="}},
                               "ConsumedCapacity": {"TableName": "t", "CapacityUnits": 0.5}}
    assert page_meta(b'{"Items":[],"Count":0}') == {"Count": 0}


@pytest.mark.parametrize("seed", range(100))
def test_the_column_path_fills_the_batch_the_item_loop_does(seed: int) -> None:
    """Pages the column path takes (schemas without scopes or lock suffixes, keys all text)
    give the item loop's batch, column by column; a page with a binary key is left to the loop."""
    rng = random.Random(seed)
    schemas = [s for s in SCHEMAS if PageClassifier(Pairing(s, "expiresAt", NOW))._columns]
    assert len(schemas) >= 3
    schema = schemas[seed % len(schemas)]
    items = [i for i in _items(rng, schema, rng.randint(1, 80))
             if isinstance(i.get("PK"), dict) and isinstance(i["PK"].get("S"), str)]
    by_columns = PageClassifier(Pairing(schema, "expiresAt", NOW))
    by_items = PageClassifier(Pairing(schema, "expiresAt", NOW))
    assert by_columns._classify_columns(_structs(by_columns, items))
    by_items._classify_items(_structs(by_items, items))
    assert msgspec.to_builtins(by_columns.batch) == msgspec.to_builtins(by_items.batch)

    binary = {"PK": {"B": base64.b64encode(b"\x00").decode()}, "SK": {"S": "x"}}
    before = msgspec.to_builtins(by_columns.batch)
    assert not by_columns._classify_columns(_structs(by_columns, [*items, binary]))
    assert msgspec.to_builtins(by_columns.batch) == before  # nothing appended: the loop does it all


def _structs(classifier: PageClassifier, items: list[dict[str, Any]]) -> list[Any]:
    """The items as ``classify`` decodes them (the dict fallback when a value is not DynamoDB's shape)."""
    try:
        return list(classifier._decoder.decode(_body(items)).Items)
    except msgspec.ValidationError:
        return [_Item(item, classifier) for item in items]


@pytest.mark.skipif(sys.implementation.name != "cpython", reason="a CPython dict's layout")
def test_rule_dicts_keep_their_keys_hashes() -> None:
    """A str-only dict reads each key's hash from the key itself when its table grows; the
    pairing's big dicts keep the hashes in their entries (8 bytes more per key), whole or split."""
    state = Pairing(article_schema()).rules["email"]
    plain: dict[str, bool] = {}
    keys = [f"user{i}@x" for i in range(1000)]
    plain.update(zip(keys, repeat(False)))
    state.locks.put_all(keys, [False] * len(keys))
    assert sys.getsizeof(state.locks.parts[0]) > sys.getsizeof(plain)
    assert list(state.locks) == list(plain) and state.locks == plain
    more = [f"user{i}@x" for i in range(1000, sharded_dict.SPLIT_AT)]
    state.locks.put_all(more, [True] * len(more))
    assert len(state.locks.parts) == sharded_dict.PARTS and len(state.locks) == sharded_dict.SPLIT_AT
    part = state.locks.parts[0]
    str_only: dict[str, bool] = {}
    str_only.update(zip(part, part.values(), strict=True))  # key by key, as the part was filled
    assert sys.getsizeof(part) > sys.getsizeof(str_only) and part == str_only


@pytest.mark.parametrize("seed", range(100))
def test_every_path_keeps_the_same_ttls_ahead(seed: int) -> None:
    """``keep_ttls_ahead`` (a watch's seeding audit): the dict loop, the page classifier's column
    and item paths, and worker batches sent as MessagePack keep the same accounts and locks."""
    rng = random.Random(seed)
    schema = SCHEMAS[seed % len(SCHEMAS)]
    pages = _pages(rng, _items(rng, schema, rng.randint(0, 60)))
    by_dicts = Pairing(schema, "expiresAt", NOW, keep_ttls_ahead=True)
    for page in pages:
        by_dicts.feed([_decoded(i) for i in page])
    by_json = Pairing(schema, "expiresAt", NOW, keep_ttls_ahead=True)
    classifier = PageClassifier(by_json)
    for page in pages:
        classifier.feed(_body(page))
    by_workers = Pairing(schema, "expiresAt", NOW, keep_ttls_ahead=True)
    worker = PageClassifier(Pairing(schema, "expiresAt", NOW, keep_ttls_ahead=True))
    for page in pages:
        worker.classify(_body(page))
        by_workers.apply(msgspec.msgpack.decode(msgspec.msgpack.encode(worker.take()), type=Batch))
    assert by_dicts.ttls_ahead is not None
    assert sorted(by_json.ttls_ahead or []) == sorted(by_dicts.ttls_ahead)
    assert sorted(by_workers.ttls_ahead or []) == sorted(by_dicts.ttls_ahead)
    assert signature(by_json) == signature(by_dicts)  # keeping them changes no finding


def test_ttls_ahead_are_the_accounts_and_locks_whose_number_ttl_has_not_passed() -> None:
    items = [{"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}, "email": {"S": "a@x"},
              "expiresAt": {"N": FUTURE}},
             {"PK": {"S": "ACCT#2"}, "SK": {"S": "PROFILE"}, "email": {"S": "b@x"},
              "expiresAt": {"N": PAST}},
             {"PK": {"S": "UNIQ#EMAIL#a@x"}, "SK": {"S": "LOCK"}, "expiresAt": {"N": FUTURE}},
             {"PK": {"S": "UNIQ#EMAIL#b@x"}, "SK": {"S": "LOCK"}, "expiresAt": {"S": FUTURE}},
             {"PK": {"S": "ORDER#1"}, "SK": {"S": "X"}, "expiresAt": {"N": FUTURE}},
             {"PK": {"S": "ACCT#3"}, "SK": {"S": "PROFILE"}, "email": {"S": "c@x"}}]
    for keep in (True, False):
        pairing = Pairing(article_schema(), "expiresAt", NOW, keep_ttls_ahead=keep)
        PageClassifier(pairing).feed(_body(items))
        expected = [("ACCT#1", "PROFILE", FUTURE), ("UNIQ#EMAIL#a@x", "LOCK", FUTURE)] if keep else None
        assert (sorted(pairing.ttls_ahead) if pairing.ttls_ahead is not None else None) == expected


@pytest.mark.parametrize("name", ['e"mail', "e\\mail", "e\tmail", "e\x00mail"])
def test_attribute_names_msgspec_cannot_rename_are_classified_like_dicts(name: str) -> None:
    """DynamoDB allows '"', '\\' and control characters in attribute names (key names too);
    msgspec renames no struct field to one, so the classifier reads such a schema's pages as
    dicts instead of failing the audit."""
    schema = UniquenessSchema(name, "SK", "ACCT#", "PROFILE", (
        LockRule("email", name, "UNIQ#EMAIL#{value}", "LOCK"),))
    items = [{name: {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}},
             {name: {"S": "ACCT#2"}, "SK": {"S": "PROFILE"}},
             {name: {"S": "UNIQ#EMAIL#ACCT#1"}, "SK": {"S": "LOCK"}},
             {name: {"S": "UNIQ#EMAIL#nobody"}, "SK": {"S": "LOCK"}}]
    by_dicts = Pairing(schema, None, NOW)
    by_dicts.feed(items)
    by_json = Pairing(schema, None, NOW)
    PageClassifier(by_json).feed(_body(items))
    assert signature(by_json) == signature(by_dicts)
    assert {f.status for f in by_json.findings()}  # the orphan lock at least
