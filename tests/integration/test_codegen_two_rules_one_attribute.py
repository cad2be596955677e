"""`dynoview codegen` for a schema with two rules on one attribute (email as lowercase and as
typed) refuses with one sentence and exit 2, writing nothing: its generated code took one
value per rule and locked the lowercase rule's key from the exact rule's value, so ``Ada@x.io``
and ``ada@x.io`` both signed up."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dynoview.cli import main
from dynoview.core.codegen import LANGUAGES

pytestmark = pytest.mark.integration


@pytest.mark.parametrize("lang", LANGUAGES)
def test_codegen_refuses_two_rules_on_one_attribute(
        capsys: pytest.CaptureFixture[str], endpoint_url: str, accounts_table: str,
        tmp_path: Path, lang: str) -> None:
    schema = tmp_path / "schema.json"
    schema.write_text(json.dumps({"rules": [
        {"name": "email", "attribute": "email", "pk_template": "UNIQ#EMAIL#{value}",
         "normalisation": "lowercase"},
        {"name": "email_exact", "attribute": "email", "pk_template": "UNIQ#EXACT#{value}",
         "normalisation": "none"}]}), encoding="utf-8")
    out_dir = tmp_path / "gen"
    code = main(["codegen", "--endpoint-url", endpoint_url, "--table", accounts_table,
                 "--schema", str(schema), "--lang", lang, "--out", str(out_dir)])
    said = capsys.readouterr()
    assert (code, said.out) == (2, "")
    assert ("The email and email_exact rules both protect attribute email, and generated code "
            "takes one value per rule: use the builder's templates for this schema") in said.err
    assert "a bug in DynoView" not in said.err
    assert not out_dir.exists() or not any(out_dir.iterdir())
