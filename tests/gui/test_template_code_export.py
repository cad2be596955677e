""""Export as code" on the template forms: the button beside OK (enabled with it), the dialog's
Python and TypeScript tabs made from the form's current values and the connection, Copy and
Save…, and a value the code cannot be made from explained beside the button."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QKeySequence
from PySide6.QtWidgets import QDialogButtonBox

from dynoview.core.codegen import LANGUAGES
from dynoview.core.session.connection import Connection
from dynoview.core.uniqueness.schema import article_schema
from dynoview.ui.builder import BuilderPanel
from dynoview.ui.builder.code_export_view import PYTHON, TYPESCRIPT, CodeExportDialog
from dynoview.ui.builder.form_base import TemplateForm
from dynoview.ui.builder.template_forms import (
    SIGN_UP,
    ChangeValueForm,
    ClaimLockForm,
    DeleteAccountForm,
    ReleaseLockForm,
    ResolveDuplicateForm,
    SignUpForm,
)
from dynoview.ui.context import AppContext

pytestmark = pytest.mark.gui
S = article_schema()


def s(v: str) -> dict[str, str]:
    return {"S": v}


def account(acct: str, email: str | None, username: str | None) -> dict[str, Any]:
    item = {"PK": s(f"ACCT#{acct}"), "SK": s("PROFILE")}
    item.update({k: s(v) for k, v in (("email", email), ("username", username)) if v is not None})
    return item


@pytest.fixture
def panel(builder_panel: BuilderPanel) -> BuilderPanel:
    return builder_panel


def exported(form: TemplateForm) -> CodeExportDialog:
    form.export_button.click()
    dialog = form.code_dialog
    assert isinstance(dialog, CodeExportDialog), form.export_error.text()
    return dialog


def load_module(path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module  # dataclasses look their module up there
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[path.stem]
    return module


def test_sign_up_on_the_demo_exports_code_that_sends_the_form(qtbot: Any, panel: BuilderPanel,
                                                              demo_conn: Connection, seeded_table: str,
                                                              moto_endpoint: str, tmp_path: Path) -> None:
    panel.run_template(SIGN_UP)
    form = panel.current_form
    assert isinstance(form, SignUpForm)
    assert not form.export_button.isEnabled()
    form.fields["email"].edit.setText("mary@somerville.org")
    assert not form.export_button.isEnabled()  # the username is still missing
    form.fields["username"].edit.setText("mary")
    assert form.export_button.isEnabled() and form.ok_button.isEnabled()

    dialog = exported(form)
    assert dialog.windowTitle() == "Sign up (new account): code"
    assert [dialog.tabs.tabText(i) for i in range(dialog.tabs.count())] == [
        "Python (boto3)", "TypeScript (SDK v3)"]
    python = dialog.views[PYTHON].toPlainText()
    compile(python, "sign_up.py", "exec")
    # The form's values, table and connection, as the example's arguments.
    for text in ("mary@somerville.org", '"mary"', f'"{form.account_id}"', f'"{seeded_table}"',
                 'region_name="us-east-1"', f'endpoint_url="{moto_endpoint}"'):
        assert text in python
    # The table the window described has a GSI keyed on email: the email as typed is its key,
    # held to a partition key's 2,048 bytes before anything is sent.
    assert 'index=("email-index", "email", 2048)' in python
    dialog.tabs.setCurrentIndex(1)
    typescript = dialog.views[TYPESCRIPT].toPlainText()
    assert "export async function example(" in typescript and "mary@somerville.org" in typescript
    assert f'endpoint: "{moto_endpoint}"' in typescript
    assert '["email-index", "email", 2048]' in typescript

    dialog.copy_button.click()
    assert QGuiApplication.clipboard().text() == typescript  # the tab shown
    dialog.tabs.setCurrentIndex(0)
    saved = tmp_path / "sign_up.py"
    assert dialog.save_to(str(saved))
    assert saved.read_text(encoding="utf-8") == python
    assert dialog.status.text() == f"Saved the Python (boto3) code to {saved}."

    # What was saved sends the form's transaction: the account and both locks exist after.
    load_module(saved).example(demo_conn.client)
    get = demo_conn.client.get_item
    acct = get(TableName=seeded_table, Key={"PK": s(f"ACCT#{form.account_id}"), "SK": s("PROFILE")})
    assert acct["Item"]["email"] == s("mary@somerville.org") and acct["Item"]["username"] == s("mary")
    for lock in ("UNIQ#EMAIL#mary@somerville.org", "UNIQ#HANDLE#mary"):
        assert "Item" in get(TableName=seeded_table, Key={"PK": s(lock), "SK": s("LOCK")})


def test_a_repair_form_of_accounts_and_locks_exports_for_the_connection(qtbot: Any, ctx: AppContext,
                                                                        moto_endpoint: str) -> None:
    from dynoview.ui.locks.panel import LocksPanel

    panel = LocksPanel(ctx)
    qtbot.addWidget(panel)
    assert ctx.table is not None
    # As the panel opens its repairs (``parent=self``).
    form = ClaimLockForm(S, ctx.table.name, account("1d2e3f", "l@x.io", "linus"), "username", parent=panel)
    python = exported(form).codes[PYTHON]
    assert f'endpoint_url="{moto_endpoint}"' in python and f'"{ctx.table.name}"' in python


def test_the_code_follows_the_form_as_it_changes(qtbot: Any) -> None:
    form = SignUpForm(S, "accounts")
    qtbot.addWidget(form)
    form.fields["email"].edit.setText("a@x.io")
    form.fields["username"].edit.setText("a")
    first = exported(form).codes[PYTHON]
    form.fields["email"].edit.setText("b@x.io")
    second = exported(form).codes[PYTHON]
    assert 'email="a@x.io"' in first and 'email="b@x.io"' in second and "a@x.io" not in second
    assert "region_name" not in second  # no connection: boto3's default region


FORMS: dict[str, Callable[[], TemplateForm]] = {
    "sign_up": lambda: SignUpForm(S, "accounts"),
    "change_value": lambda: ChangeValueForm(S, "accounts", account("a1f9c3", "ada@lovelace.io", "ada"),
                                            "email", "ada@engine.io"),
    "delete_account": lambda: DeleteAccountForm(S, "accounts",
                                                account("a1f9c3", "ada@lovelace.io", "ada")),
    "claim_missing_lock": lambda: ClaimLockForm(S, "accounts", account("1d2e3f", "l@x.io", "linus"),
                                                "username"),
    "release_orphan_lock": lambda: ReleaseLockForm(S, "accounts",
                                                   {"PK": s("UNIQ#EMAIL#ken@thompson.dev"), "SK": s("LOCK")}),
    "resolve_duplicate": lambda: ResolveDuplicateForm(S, "accounts", "email", [
        account("2a3b4c", "shared@example.com", "dup1"), account("3b4c5d", "shared@example.com", "dup2")]),
}
# What makes each form valid, and a value its exported example must carry.
FILL: dict[str, Callable[[Any], object]] = {
    "sign_up": lambda f: (f.fields["email"].edit.setText("new@x.io"),
                          f.fields["username"].edit.setText("nx")),
    "release_orphan_lock": lambda f: f.owner.setText("ACCT#4c5d6e"),
    "resolve_duplicate": lambda f: (f.choose_keeper("ACCT#3b4c5d"), f.field.edit.setText("dup1@x.io")),
}
CARRIES = {"sign_up": "new@x.io", "change_value": "ada@engine.io", "delete_account": "ada@lovelace.io",
           "claim_missing_lock": "linus", "release_orphan_lock": "4c5d6e", "resolve_duplicate": "dup1@x.io"}


@pytest.mark.parametrize("template", list(FORMS))
def test_every_template_form_exports_its_values(qtbot: Any, template: str) -> None:
    form = FORMS[template]()
    qtbot.addWidget(form)
    assert form.template == template
    assert form.export_button in form.buttons.buttons()  # beside OK
    assert form.buttons.buttonRole(form.export_button) == QDialogButtonBox.ButtonRole.ActionRole
    assert form.export_button.shortcut() == QKeySequence("Alt+E")
    FILL.get(template, lambda _f: None)(form)
    assert form.ok_button.isEnabled() and form.export_button.isEnabled()
    dialog = exported(form)
    assert tuple(dialog.codes) == LANGUAGES  # a tab for each language the codegen writes
    python, typescript = dialog.codes[PYTHON], dialog.codes[TYPESCRIPT]
    compile(python, f"{template}.py", "exec")
    assert CARRIES[template] in python.split("def example(")[1]
    assert CARRIES[template] in typescript.split("export async function example(")[1]
    assert form.export_error.isHidden()


@pytest.mark.parametrize("template", ["sign_up", "release_orphan_lock", "resolve_duplicate"])
def test_the_button_is_disabled_while_the_form_is_invalid(qtbot: Any, template: str) -> None:
    if template == "release_orphan_lock":  # a lock an account holds is no orphan
        form: TemplateForm = ReleaseLockForm(S, "accounts", {"PK": s("UNIQ#EMAIL#ada@lovelace.io"),
                                                             "SK": s("LOCK")}, ["ACCT#a1f9c3"])
    else:
        form = FORMS[template]()
    qtbot.addWidget(form)
    assert not form.ok_button.isEnabled() and not form.export_button.isEnabled()
    form.export_code()  # however it is reached, an invalid form exports nothing
    assert form.code_dialog is None
    if isinstance(form, SignUpForm):
        form.fields["email"].edit.setText("ok@x.io")
        form.fields["username"].edit.setText(" padded")
        assert not form.export_button.isEnabled()
        form.fields["username"].edit.setText("padded")
        assert form.export_button.isEnabled()


def test_values_the_code_cannot_be_made_from_are_explained_beside_the_button(qtbot: Any) -> None:
    form = DeleteAccountForm(S, "accounts", account("0e0e0e", None, None))
    qtbot.addWidget(form)
    form.show()
    assert form.export_button.isEnabled()  # the Delete alone is a valid transaction
    form.export_button.click()
    assert form.code_dialog is None
    assert form.export_error.isVisible()
    assert form.export_error.text() == ("The account holds no protected value, so there is no lock "
                                        "to delete with it: use the Delete item template.")


def test_alt_e_opens_the_code(qtbot: Any) -> None:
    form = FORMS["change_value"]()
    assert isinstance(form, ChangeValueForm)
    qtbot.addWidget(form)
    with qtbot.waitActive(form):  # shortcuts reach the active window only
        form.show()
        form.activateWindow()
    form.field.edit.setFocus()
    qtbot.keyClick(form.field.edit, Qt.Key.Key_E, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: isinstance(form.code_dialog, CodeExportDialog), timeout=3000)
    assert form.field.edit.text() == "ada@engine.io"  # the key went to the button, not the text


def test_save_failure_is_a_sentence(qtbot: Any, tmp_path: Path) -> None:
    form = FORMS["delete_account"]()
    qtbot.addWidget(form)
    dialog = exported(form)
    missing = tmp_path / "no-such-folder" / "delete_account.py"
    assert not dialog.save_to(str(missing))
    assert dialog.status.text().startswith(f"Could not save {missing}: No such file or directory.")
    assert not missing.exists()
