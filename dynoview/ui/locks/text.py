"""What the Accounts & locks panel says, as text and HTML: the schema sentence, the audit's
counts, a row's details and a diagnosis. Plain functions of core values (no widgets), every
value escaped: emails and ids come from the table.

A row's details show each id, value and lock key as the grid does (``visible_value``: a bidi
override or a zero-width space as an escape, so no value can show as another), keeping runs
of spaces, and bounded: an item may hold a 400 KB value, and a text browser lays out a long
unbroken line in time that grows faster than its length (seconds for 100 KB)."""

from __future__ import annotations

import html
import re

from PySide6.QtCore import QCoreApplication, QLocale

from dynoview.core.audit.report import nothing_matched
from dynoview.core.audit.run import AuditResult
from dynoview.core.counts import units_text
from dynoview.core.uniqueness.diagnose import Diagnosis
from dynoview.core.uniqueness.findings import OK, STATUSES, TTL_UNKNOWN_TEXT, Cell, PairRow
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.core.values.display import display_text
from dynoview.core.values.visible_text import visible, visible_value
from dynoview.ui.i18n import context
from dynoview.ui.i18n.formats import number
from dynoview.ui.i18n.labels import finding_label

LOCKS_TEXT = context("LOCKS_TEXT")  # plural texts (dynoview.ui.i18n.context)

#: The details show this many characters of a value, id or lock key, then its length.
EXCERPT_CHARS = 200
#: A finding's sentence (core's, which may quote whole values) is cut past this many characters.
SENTENCE_CHARS = 3_000
# A long value quoted in a sentence; tried at the start of each run only (linear in the text).
_LONG_RUN = re.compile(rf"(?<!\S)\S{{{EXCERPT_CHARS + 1},}}")


def schema_html(s: UniquenessSchema, note: str) -> str:
    """One sentence: which items are accounts, and each rule's attribute and lock."""
    account = QCoreApplication.translate(
        "locks.text", "{pk_name} begins with {account_pk_prefix}").format(
            pk_name=s.pk_name, account_pk_prefix=s.account_pk_prefix)
    if s.sk_name and s.account_sk_value is not None:
        account += f", {s.sk_name} = {s.account_sk_value}"
    rules = "; ".join(f"{r.name}: {r.attribute} → {r.pk_template}"
                      + (f" / {r.sk_value}" if r.sk_value else "")
                      + (f" ({r.normalisation})" if r.normalisation != "none" else "")
                      + (f" via {r.index_name}" if r.index_name else "") for r in s.rules)
    return (QCoreApplication.translate("locks.text", "<b>Schema</b> ({escape}): accounts where "
            "{escape2}. Rules: {escape3}.").format(
                escape=html.escape(note), escape2=html.escape(account), escape3=html.escape(rules)))


def counts_text(result: AuditResult) -> str:
    """The findings by status and what the scan read; when DynamoDB throttled the scan, how
    often and why on a line under them."""
    parts = [f"{finding_label(s)}: {result.counts.get(s, 0)}" for s in STATUSES]
    locale = QLocale()  # separators as the item counts beside it write them
    cost = (f"{units_text(result.consumed_capacity, locale.groupSeparator(), locale.decimalPoint())}"
            " RCU" if result.consumed_capacity is not None
            else QCoreApplication.translate("locks.text", "capacity not reported"))
    items, segments = result.items_read, result.segments  # lupdate: a plural's count is a plain name
    read = ", ".join((LOCKS_TEXT.tr("%Ln item(s)", "", items),
                      LOCKS_TEXT.tr("%Ln segment(s)", "", segments)))
    reads = QCoreApplication.translate("locks.text", "strong reads") if result.consistent else \
        QCoreApplication.translate("locks.text", "eventual reads")
    text = " · ".join(parts) + f"  —  {read}, {reads}, {cost}"
    text += f"\n{result.throttle_note}" if result.throttle_note else ""
    # Core's sentence, as the throttling one: which table's TTL, why, what to allow.
    return text + (f"\n{result.ttl_unknown_note}" if result.ttl_unknown_note else "")


def result_text(result: AuditResult) -> tuple[str, bool]:
    """What the counts line says of a finished audit, and whether it is an error: when the
    schema matched none of the items read, the sentence ``dynoview audit`` says (zero counts
    would read as a clean table), else ``counts_text``."""
    unmatched = nothing_matched(result, fix=QCoreApplication.translate(
        "locks.text", "Edit schema…, or Detect from sample"))
    if unmatched:
        return unmatched[:1].upper() + unmatched[1:], True
    return counts_text(result), False


def _lock_pk(schema: UniquenessSchema, rule: str, cell: Cell) -> str:
    """The cell's lock, as its key says; an OK cell of a row Live mode added has its lock by the
    rule (the watch found none missing), whose key the audit never read."""
    if cell.lock_key:
        return str(cell.lock_key[schema.pk_name]["S"])
    if cell.status == OK and cell.value:
        return schema.rule(rule).lock_pk(cell.value)
    return "none"


def _shown(text: str) -> str:
    """A value, id or lock key from the table as HTML: its first ``EXCERPT_CHARS`` characters
    as the grid shows them (escapes for hidden characters), spaces kept, then its length."""
    cut = text[:EXCERPT_CHARS]
    shown = html.escape(visible_value(cut))
    if len(text) > len(cut):
        shown += html.escape(QCoreApplication.translate(
            "locks.text", "… ({count} characters)").format(count=number(len(text))))
    return f"<span style='white-space: pre-wrap'>{shown}</span>"


def _sentence(text: str) -> str:
    """A finding's sentence as HTML, bounded: each long run of characters (a quoted value) cut
    to its start, then the whole cut after ``SENTENCE_CHARS``, each cut saying so. ``visible``
    again for a value core quoted as stored; it leaves core's own escapes as they are."""
    def cut_run(run: re.Match[str]) -> str:
        more = len(run.group()) - EXCERPT_CHARS
        return run.group()[:EXCERPT_CHARS] + QCoreApplication.translate(
            "locks.text", "… ({count} more characters)").format(count=number(more))

    text = _LONG_RUN.sub(cut_run, text)
    if len(text) > SENTENCE_CHARS:
        more = len(text) - SENTENCE_CHARS
        text = text[:SENTENCE_CHARS] + QCoreApplication.translate(
            "locks.text", "… (cut here: {count} more characters)").format(count=number(more))
    return f"<span style='white-space: pre-wrap'>{html.escape(visible(text))}</span>"


def details_html(schema: UniquenessSchema, row: PairRow, *, stale: bool) -> str:
    """A row's values, their locks and its findings with what to do about each."""
    who = (_shown(row.account_id) if row.account_id
           else html.escape(QCoreApplication.translate("locks.text", "A lock with no account")))
    parts = [f"<h3>{who}</h3>"]
    if stale:
        parts.append(QCoreApplication.translate(
            "locks.text", "<p><b>Stale: a transaction wrote this item after the audit; re-run the "
                     "audit to see its state now.</b></p>"))
    for rule, cell in row.cells.items():
        lock = _shown(_lock_pk(schema, rule, cell))
        value = _shown(cell.value) if cell.value else html.escape(
            QCoreApplication.translate("locks.text", "(no value)"))
        parts.append(f"<p><b>{html.escape(rule)}</b>: {value} — "
                     f"{html.escape(finding_label(cell.status))}; lock: {lock}</p>")
    if not row.findings:
        parts.append(QCoreApplication.translate(
            "locks.text", "<p>Every value has its lock: nothing to do.</p>"))
    for f in row.findings:
        parts.append(f"<p><b>{html.escape(f.label)}</b>: {_sentence(f.sentence)}</p>"
                     f"<p><i>{html.escape(f.explanation)}</i></p>")
        if f.ttl_unknown:  # core's sentence, as the finding's own: the audit's, repair's and watch's
            parts.append(f"<p><b>{html.escape(TTL_UNKNOWN_TEXT)}.</b></p>")
    return "".join(parts)


def diagnosis_html(d: Diagnosis, *, stale: bool = False) -> str:
    """The answer, where the lock came from, the items read and every read's receipt."""
    parts = []
    if stale:
        parts.append(QCoreApplication.translate(
            "locks.text", "<p><b>Stale: the table was written since this answer; press Diagnose "
                     "again.</b></p>"))
    # ``visible`` as a finding's sentence (``_sentence``): core quotes the value and the ids
    # escaped; this catches what it quotes as stored (an origin's evidence, a note's id).
    parts.append(f"<p><b>{html.escape(visible(d.sentence))}</b></p>")
    # "You typed X; the lock stores y." is the sentence's start (core's ``diagnose``): said once.
    origin = getattr(d, "origin", None)
    if origin is not None and origin.evidence not in d.sentence:  # not said twice
        parts.append(QCoreApplication.translate("locks.text", "<p>Where the lock came from: <b>{escape}</b>. "
                     "{escape2}</p>").format(
                         escape=html.escape(visible(origin.label)),
                         escape2=html.escape(visible(origin.evidence))))
    parts += [f"<p><i>{html.escape(visible(n))}</i></p>" for n in d.notes]
    items = ([("Lock", d.lock_item)] if d.lock_item else []) + [("Account", a) for a in d.accounts]
    for label, item in items:
        fields = ", ".join(f"{html.escape(visible(k))}={html.escape(display_text(v, 80))}"
                           for k, v in item.items())
        parts.append(f"<p>{label}: {fields}</p>")
    parts.append("<p>Reads:</p><ul>")
    parts += [f"<li>{html.escape(r.operation)} {html.escape(r.target)}: {html.escape(r.summary())}"
              "</li>" for r in d.receipts]
    parts.append("</ul>")
    return "".join(parts)
