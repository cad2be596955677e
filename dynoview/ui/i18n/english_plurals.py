"""Fill the English catalogue's plural forms from the source text (``make translations`` runs it).

Sources say "%n lock(s)", "%Ln batch(es)", "%n entr(y|ies)": English shows "1 lock" and "2 locks"
only through a catalogue (Qt has no English plural rules of its own). Only unfinished messages are
filled, so a hand-written form is kept.
"""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

CATALOGUE = Path(__file__).with_name("translations") / "dynoview_en.ts"


def forms(source: str) -> tuple[str, str]:
    """Singular and plural of a source: "(s)" and "(es)" suffixes, "(y|ies)" alternatives."""
    pattern = re.compile(r"\((s|es)\)|\(([a-z][a-z ]*)\|([a-z][a-z ]*)\)")

    def one(m: re.Match[str]) -> str:
        return m.group(2) or ""

    def many(m: re.Match[str]) -> str:
        return m.group(1) or m.group(3)

    return pattern.sub(one, source), pattern.sub(many, source)


def fill(path: Path = CATALOGUE) -> int:
    """Fill the unfinished plural messages of ``path``; the number filled."""
    tree = ET.parse(path)
    filled = 0
    for message in tree.getroot().iter("message"):
        translation = message.find("translation")
        source = message.findtext("source") or ""
        if message.get("numerus") != "yes" or translation is None:
            continue
        if translation.get("type") != "unfinished":
            continue
        singular, plural = forms(source)
        for child in list(translation):
            translation.remove(child)
        for text in (singular, plural):
            ET.SubElement(translation, "numerusform").text = text
        del translation.attrib["type"]
        filled += 1
    body = ET.tostring(tree.getroot(), encoding="unicode")
    path.write_text('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n' + body + "\n",
                    encoding="utf-8")
    return filled


if __name__ == "__main__":
    count = fill(Path(sys.argv[1]) if len(sys.argv) > 1 else CATALOGUE)
    print(f"filled {count} English plural forms")
