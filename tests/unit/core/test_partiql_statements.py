"""PartiQL statement text: the lexer, comments, ``?`` parameters, the target, quoting."""

from __future__ import annotations

from dynoview.core.reads import partiql_statements as ps

STATEMENT = ("-- who holds ada?\n"
             'SELECT * FROM "accounts"."email-index" /* a note\n over two lines ? */\n'
             "WHERE email = ? AND note = 'it''s ? here' AND n > 1.5e3")


def kinds(text: str, state: int = ps.NORMAL) -> list[tuple[str, str]]:
    return [(t.kind, t.text) for t in ps.scan(text, state)[0]]


def test_tokens_of_every_kind() -> None:
    assert kinds("SELECT email, size(tags) FROM t WHERE x = ? AND y <> 'a''b' AND z = \"q\"\"n\"") == [
        ("keyword", "SELECT"), ("name", "email"), ("operator", ","), ("function", "size"),
        ("operator", "("), ("name", "tags"), ("operator", ")"), ("keyword", "FROM"), ("name", "t"),
        ("keyword", "WHERE"), ("name", "x"), ("operator", "="), ("parameter", "?"),
        ("keyword", "AND"), ("name", "y"), ("operator", "<>"), ("string", "'a''b'"),
        ("keyword", "AND"), ("name", "z"), ("operator", "="), ("quoted-name", '"q""n"')]
    assert ps.tokens('"q""n"')[0].name == 'q"n'
    assert kinds("n = -12.50e-3 -- done") == [("name", "n"), ("operator", "="), ("operator", "-"),
                                             ("number", "12.50e-3"), ("comment", "-- done")]


def test_line_by_line_scan_matches_the_whole_text() -> None:
    """The highlighter feeds one line at a time with the state the last one ended in."""
    whole = [(k, t.replace("\n", "")) for k, t in kinds(STATEMENT)]
    pieces, state = [], ps.NORMAL
    for line in STATEMENT.split("\n"):
        tokens, state = ps.scan(line, state)
        pieces.extend((t.kind, t.text) for t in tokens)
    assert state == ps.NORMAL
    # A comment over two lines is two tokens line by line, one in the whole text.
    assert [k for k, _ in pieces if k != "comment"] == [k for k, _ in whole if k != "comment"]
    assert ps.scan("x = 'open", ps.NORMAL)[1] == ps.IN_STRING
    assert kinds("still open' AND y", ps.IN_STRING)[:2] == [("string", "still open'"), ("keyword", "AND")]
    assert ps.scan("/* open", ps.NORMAL)[1] == ps.IN_COMMENT


def test_parameters_target_and_comments() -> None:
    assert ps.parameter_count(STATEMENT) == 1  # the ? in the comment and the string do not count
    assert ps.statement_target(STATEMENT) == ("accounts", "email-index")
    assert ps.statement_target("select * from accounts where PK = ?") == ("accounts", None)
    assert ps.statement_target('UPDATE "t-1" SET a = 1') == ("t-1", None)
    assert ps.statement_target("SELECT 1") is None
    assert ps.strip_comments(STATEMENT) == (
        'SELECT * FROM "accounts"."email-index"  \n'
        "WHERE email = ? AND note = 'it''s ? here' AND n > 1.5e3")
    assert ps.selects_whole_items(STATEMENT) and not ps.selects_whole_items("SELECT email FROM t")
    assert ps.is_select(STATEMENT)
    assert not ps.is_select("/* SELECT */ DELETE FROM t WHERE PK = 'x'")


def test_quote_name() -> None:
    assert ps.quote_name("accounts") == "accounts"
    assert ps.quote_name("accounts-1") == '"accounts-1"'
    assert ps.quote_name("status") == '"status"'  # a DynamoDB reserved word
    assert ps.quote_name('a"b') == '"a""b"'
