"""The rows an engine returns for an export audit, and the findings they become.

Both engines (DuckDB here, Athena on AWS) return the rules query's rows in one shape
(``queries.rules_query``): findings, counts, and the evidence those findings name.
The evidence (locks and accounts of every value that is not healthy) is fed to a
``Pairing``, so each finding is worded, keyed and ordered by the same code as the live
audit's; the engine's own list of findings must then match it exactly.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from dynoview.core.errors import DynoViewError
from dynoview.core.uniqueness.findings import OK, STATUSES, Finding
from dynoview.core.uniqueness.pairing import Pairing
from dynoview.core.uniqueness.schema import UniquenessSchema

FIXED_COLUMNS = ("section", "status", "rule", "value", "account", "sk", "ttl", "n")


class EngineMismatchError(DynoViewError):
    """The SQL engine and the Python rules disagree: no report is better than a wrong one."""


@dataclass
class EngineRows:
    """The rules query's answer, sorted into its sections."""

    findings: list[tuple[str, int | None, str | None, str | None]] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    locks: list[tuple[int, str, str | None]] = field(default_factory=list)  # rule, value, ttl
    holders: list[tuple[int, str, str]] = field(default_factory=list)  # rule, value, account
    accounts: list[tuple[str, str | None, str | None, tuple[str | None, ...]]] = field(
        default_factory=list)  # account, sk, ttl, attribute values


def parse_rows(rows: Iterable[Sequence[Any]], n_attributes: int) -> EngineRows:
    """Sort rows (section, status, rule, value, account, sk, ttl, n, a0..) into ``EngineRows``.

    Values arrive as Python values (DuckDB) or text (Athena); both read the same here.
    """
    out = EngineRows()
    width = len(FIXED_COLUMNS) + n_attributes
    for row in rows:
        if len(row) != width:
            raise DynoViewError(f"The engine returned a row of {len(row)} columns where {width} were "
                                "expected; the query and the reader are out of step.")
        section, status, rule, value, account, sk, ttl, n = row[:8]
        rule_index = int(rule) if rule not in (None, "") else None
        if section == "finding":
            out.findings.append((str(status), rule_index, value, account))
        elif section == "count":
            out.counts[str(status)] = int(n)
        elif section == "lock":
            assert rule_index is not None
            out.locks.append((rule_index, str(value), ttl))
        elif section == "holder":
            assert rule_index is not None
            out.holders.append((rule_index, str(value), str(account)))
        elif section == "account":
            out.accounts.append((str(account), sk, ttl, tuple(row[8:])))
        else:
            raise DynoViewError(f"The engine returned a row of unknown section {section!r}.")
    return out


def _s(text: str) -> dict[str, str]:
    return {"S": text}


def build_pairing(rows: EngineRows, schema: UniquenessSchema, attributes: Sequence[str],
                  ttl_attribute: str | None, now: datetime) -> Pairing:
    """A Pairing holding exactly the evidence: its findings are the export's findings.

    Every value that is not healthy comes with all its locks and holders, so its findings
    (and its clash group's) are what the whole table gives; an account fed for a flagged
    value also brings its other values, and those, healthy by the engine's count, get their
    live lock so they stay healthy here too. Flagged is a (rule, value), not a (rule,
    account): where accounts' sort keys vary, one account's items may hold a flagged value
    and a healthy one for the same rule.
    """
    pairing = Pairing(schema, ttl_attribute, now)
    rules = list(schema.rules)
    pk, sk_name = schema.pk_name, schema.sk_name
    items: list[dict[str, Any]] = []

    def with_ttl(item: dict[str, Any], ttl: str | None) -> dict[str, Any]:
        if ttl_attribute and ttl is not None:
            item[ttl_attribute] = {"N": ttl}
        return item

    def lock_item(rule_index: int, value: str, ttl: str | None) -> dict[str, Any]:
        rule = rules[rule_index]
        item: dict[str, Any] = {pk: _s(rule.fixed_prefix + value + rule.suffix)}
        sk = rule.lock_sk(value)
        if sk_name and sk is not None:
            item[sk_name] = _s(sk)
        return with_ttl(item, ttl)

    for rule_index, value, ttl in rows.locks:
        items.append(lock_item(rule_index, value, ttl))
    flagged = {(rule_index, value) for rule_index, value, _ in rows.holders}
    flagged.update((rule_index, value) for rule_index, value, _ in rows.locks)
    column = {a: i for i, a in enumerate(attributes)}
    for account, sk, ttl, values in rows.accounts:
        item: dict[str, Any] = {pk: _s(account)}
        if sk_name and sk is not None:
            item[sk_name] = _s(sk)
        for attribute, i in column.items():
            if values[i] is not None:
                item[attribute] = _s(str(values[i]))
        items.append(with_ttl(item, ttl))
        for rule_index, rule in enumerate(rules):
            raw = values[column[rule.attribute]]
            if raw is None:
                continue
            form = rule.held_form(item) or ""  # a scoped rule's holds the account's scope
            if (rule_index, form) not in flagged:
                items.append(lock_item(rule_index, form, None))
    pairing.feed(items)
    return pairing


def findings_and_counts(rows: EngineRows, pairing: Pairing,
                        schema: UniquenessSchema) -> tuple[list[Finding], dict[str, int]]:
    """The findings (worded by the pairing) and counts, after checking the engine agrees."""
    rule_names = [r.name for r in schema.rules]
    expected = Counter(
        (status, rule_names[r] if r is not None else None, value if r is not None else None,
         account if r is None else None)
        for status, r, value, account in rows.findings)
    findings = pairing.findings()
    got = Counter((f.status, f.rule, f.value, f.account_ids[0] if f.rule is None else None)
                  for f in findings)
    if expected != got:
        extra = list((got - expected).elements())[:3]
        missing = list((expected - got).elements())[:3]
        raise EngineMismatchError(
            "The SQL engine's findings and DynoView's own rules, applied to the accounts and locks "
            f"the engine returned, disagree about this export (SQL only: {missing}; rules only: "
            f"{extra}), so no report is given. Audit the live table instead, and report this with "
            "the values named.")
    counts = dict.fromkeys(STATUSES, 0)
    for f in findings:
        counts[f.status] += 1
    counts[OK] = rows.counts.get(OK, 0)
    return findings, counts
