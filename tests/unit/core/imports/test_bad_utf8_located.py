"""A byte that is not UTF-8 in a CSV or JSON-array file is located (line, character on it, byte
of the file), as it is in a JSON-lines file: the whole file used to be refused as "X is not UTF-8
text" with no place. The file is read again in binary only when the error happens."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dynoview.core.imports import source
from dynoview.core.imports.model import CSV, JSON_ARRAY, ImportFormatError, Located
from dynoview.core.imports.source import read_records

CHUNK = 1 << 16  # the rescan's chunk: positions across its edges are checked below


def _where(path: Path, fmt: str) -> tuple[int, int, int, str]:
    with pytest.raises(ImportFormatError) as caught:
        list(read_records(path, fmt))
    message = caught.value.message
    assert message.startswith(f"{path} is not UTF-8 text: ") and "Save it as UTF-8" in message
    found = re.search(r"line ([\d,]+), character ([\d,]+) \(byte ([\d,]+) of the file\) is the byte "
                      r"(0x[0-9A-F]{2})", message)
    assert found, message
    line, char, byte = (int(found[n].replace(",", "")) for n in (1, 2, 3))
    return line, char, byte, found[4]


def test_the_repro_csv_and_array(tmp_path: Path) -> None:
    csv_path, array_path = tmp_path / "bad.csv", tmp_path / "bad.json"
    head = b"PK (S),SK (S),a (S)\n" + b"".join(b"k%d,x,ok\n" % i for i in range(5000))
    csv_path.write_bytes(head + b"k5000,x,caf\xe9\n")
    assert _where(csv_path, CSV) == (5002, 12, len(head) + 12, "0xE9")
    elements = b"[" + b",".join(b'{"PK":"k%d","SK":"x"}' % i for i in range(5000))
    elements += b',{"PK":"k5000","SK":"caf'
    array_path.write_bytes(elements + b'\xe9"}]')
    assert _where(array_path, JSON_ARRAY) == (1, len(elements) + 1, len(elements) + 1, "0xE9")


@pytest.mark.parametrize("newline", [b"\n", b"\r\n", b"\r"])
@pytest.mark.parametrize("shift", [-3, -2, -1, 0, 1, 2])
def test_positions_across_the_rescans_chunks(tmp_path: Path, newline: bytes, shift: int) -> None:
    """Multi-byte characters and line ends cut by a chunk's edge are counted once, and a bad
    sequence that starts in one chunk is placed at its first byte."""
    line = "é€😀,".encode() + newline  # 2 + 3 + 4 + 1 bytes, 4 characters, then the line end
    header = b"PK (S)" + newline
    body = header + line * ((CHUNK + shift - len(header)) // len(line))
    pad = CHUNK + shift - len(body)
    body += b"a" * pad
    assert len(body) == CHUNK + shift and 0 <= pad < len(line)
    path = tmp_path / "cut.csv"
    for bad in (b"\xff", b"\xe2\x82", b"\xf0\x9f\x98", b"\xe9x"):
        path.write_bytes(body + bad + b"\n")
        lines = body.count(newline) + 1
        assert _where(path, CSV) == (lines, pad + 1, len(body) + 1, f"0x{bad[0]:02X}"), (bad, shift)


def test_a_crlf_cut_by_the_chunk_edge_is_one_line_end(tmp_path: Path) -> None:
    body = b"PK (S)\r\n" + b"a" * (CHUNK - len(b"PK (S)\r\n") - 1) + b"\r\n" + b"bc\xff\r\n"
    assert body.index(b"\r\n", 10) == CHUNK - 1  # "\r" ends the first chunk, "\n" starts the next
    path = tmp_path / "crlf.csv"
    path.write_bytes(body)
    assert _where(path, CSV) == (3, 3, CHUNK + 4, "0xFF")


def test_a_byte_order_mark_is_not_a_character(tmp_path: Path) -> None:
    path = tmp_path / "bom.csv"
    path.write_bytes(b"\xef\xbb\xbfPK (S)\xff\n")
    assert _where(path, CSV) == (1, 7, 10, "0xFF")


def test_a_good_file_is_not_read_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def never(handle: object) -> str:
        raise AssertionError("a good file was read a second time")

    monkeypatch.setattr(source, "_first_bad_byte", never)
    path = tmp_path / "good.csv"
    path.write_text("PK (S)\n" + "".join(f"k{n}é\n" for n in range(20_000)), encoding="utf-8")
    assert sum(isinstance(r, Located) for r in read_records(path, CSV)) == 20_000
