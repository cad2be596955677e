"""What the readers say of a file they cannot read whole: data after a JSON array's closing ]
(two arrays joined: before, the second was dropped without a word), a NUL in a line (before, a
sentence cut off at "Invalid control character at"), lone CR line ends and the parser's other
complaints (before, its bare words), and an S3 export data file holding more or fewer items than
its manifest counts (before, "line 0, column 0" and "truncated" for a file holding more)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from dynoview.core.imports.array import read_array
from dynoview.core.imports.lines import plain_lines, typed_lines
from dynoview.core.imports.model import S3_EXPORT, Located, Problem, Record
from dynoview.core.imports.source import read_records
from tests.unit.core.imports.samples import document, write_s3_export


def _problems(records: list[Record]) -> list[Problem]:
    return [r for r in records if isinstance(r, Problem)]


# --------------------------------------------------------------------------- after the array


def test_a_second_array_after_the_first_is_a_problem_where_it_starts() -> None:
    text = '[{"pk":"a1"},{"pk":"a2"}]\n[{"pk":"b1"},{"pk":"b2"}]\n'
    records = list(read_array(io.StringIO(text)))
    assert [r.item["pk"]["S"] for r in records if isinstance(r, Located)] == ["a1", "a2"]
    (problem,) = _problems(records)
    assert (problem.place.line, problem.place.column) == (2, 1)
    assert problem.message.startswith("there is more after the array's closing ]")
    assert "import each file on its own" in problem.message


@pytest.mark.parametrize(("text", "place"), [("[]x", (1, 3)), ('[ {"pk": "a"} ]\n\n  ,', (3, 3)),
                                             ('[{"pk": "a"}]\x00', (1, 14))])
def test_anything_but_whitespace_after_the_array_is_a_problem(text: str, place: tuple[int, int]) -> None:
    (problem,) = _problems(list(read_array(io.StringIO(text))))
    assert (problem.place.line, problem.place.column) == place
    assert "after the array's closing ]" in problem.message


@pytest.mark.parametrize("text", ['[{"pk": "a"}]', '[{"pk": "a"}]\n', "[]\r\n\t ", '[{"pk": "a"}]  \n\n'])
def test_whitespace_after_the_array_is_fine(text: str) -> None:
    assert not _problems(list(read_array(io.StringIO(text))))


def test_the_whole_file_is_refused_through_read_records(tmp_path: Path) -> None:
    path = tmp_path / "joined.json"
    path.write_text('[{"pk":"a1"}]\n[{"pk":"b1"}]\n')
    (problem,) = _problems(list(read_records(path, "json")))
    assert (problem.place.line, problem.place.column) == (2, 1)


# --------------------------------------------------------------------------- JSON lines


def _one_problem(raw: bytes, typed: bool = False) -> Problem:
    records = list((typed_lines if typed else plain_lines)(io.BytesIO(raw).readlines()))
    (problem,) = _problems(records)
    return problem


def test_a_nul_in_a_line_is_said_whole() -> None:
    problem = _one_problem(b'{"pk":"a"}\n{"pk":"b\x00"}\n')
    assert (problem.place.line, problem.place.column) == (2, 9)
    assert "NUL character" in problem.message and problem.message.endswith(".")
    assert not problem.message.rstrip(".").endswith(" at")
    assert "export it again" in problem.message


def test_a_control_character_in_a_string_says_how_json_writes_it() -> None:
    problem = _one_problem(b'{"pk":"a\x07b"}\n')
    assert "U+0007" in problem.message and "\\u0007" in problem.message
    assert problem.message.endswith("fix the string there.")


def test_lone_cr_line_ends_are_named_with_what_to_do() -> None:
    problem = _one_problem(b'{"pk":"a"}\r{"pk":"b"}\r', typed=False)
    assert "lone CR" in problem.message and "LF" in problem.message
    assert "tr '\\r' '\\n'" in problem.message


@pytest.mark.parametrize(("raw", "said"), [
    (b'{"pk": }\n', "a value was expected here"),
    (b'{"pk": "a" "b": 1}\n', "a comma was expected here"),
    (b'{"pk" "a"}\n', "a colon was expected here"),
    (b'{"pk": "a",}\n', "an attribute name in double quotes was expected here"),
    (b'{"pk": "a', "a string starts here and never ends"),
    (b'{"pk": "a\n', "a string runs into a line break"),
    (b'{"pk": "a\\q"}\n', "a backslash starts an escape JSON does not have"),
    (b'{"pk": "a"} {"pk": "b"}\n', "there is more after the JSON value has ended"),
])
def test_the_parser_s_complaints_are_said_with_what_to_do(raw: bytes, said: str) -> None:
    message = _one_problem(raw).message
    assert message.startswith(f"not valid JSON: {said}"), message
    assert message.endswith(".") and ";" in message  # what is wrong, then what to do


def test_a_json_array_element_that_does_not_parse_is_said_the_same_way() -> None:
    (problem,) = _problems(list(read_array(io.StringIO('[{"pk": "a"},\n {"pk": "b" "x": 1}]'))))
    assert problem.message.startswith("not valid JSON: a comma was expected here"), problem.message


# --------------------------------------------------------------------------- S3 export counts


def _export_counting(tmp_path: Path, change: int) -> tuple[Path, int]:
    """An export whose manifest counts ``change`` items more (or fewer) in its first data file
    than it holds (the data file and its checksum as they were); and that file's real count."""
    folder = write_s3_export(tmp_path, [document(n) for n in range(10)], files=2)
    lines = [json.loads(line) for line in (folder / "manifest-files.json").read_text().splitlines()]
    real = lines[0]["itemCount"]
    lines[0]["itemCount"] = real + change
    (folder / "manifest-files.json").write_text("".join(json.dumps(e) + "\n" for e in lines))
    summary = json.loads((folder / "manifest-summary.json").read_text())
    summary["itemCount"] += change
    (folder / "manifest-summary.json").write_text(json.dumps(summary))
    return folder, real


def test_a_data_file_holding_more_than_its_manifest_counts_is_placed_at_the_first_extra_item(
        tmp_path: Path) -> None:
    folder, real = _export_counting(tmp_path, -1)
    (problem,) = _problems(list(read_records(folder, S3_EXPORT)))
    assert problem.place.file == "part0.json.gz"
    assert (problem.place.line, problem.place.column) == (real, 1)  # the manifest counts real - 1
    assert problem.place.index == real - 1  # that item's own number
    assert f"holds {real:,} item(s), more than the {real - 1:,}" in problem.message
    assert "truncated" not in problem.message and "first one past that count" in problem.message


def test_a_data_file_holding_fewer_than_its_manifest_counts_is_placed_where_it_ends(
        tmp_path: Path) -> None:
    folder, real = _export_counting(tmp_path, +2)
    (problem,) = _problems(list(read_records(folder, S3_EXPORT)))
    assert problem.place.file == "part0.json.gz"
    assert (problem.place.line, problem.place.column) == (real + 1, 1)
    assert f"ends after {real:,} item(s)" in problem.message and "truncated" in problem.message
