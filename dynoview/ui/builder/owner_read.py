"""A release form's former owner, read when OK is pressed (strongly consistent GetItem, in the
pool): every place that opens a ``ReleaseLockForm`` calls ``connect_owner_read``, or its OK would
wait for an answer nobody gives (the Accounts & locks repairs, the builder's templates, a
restored draft)."""

from __future__ import annotations

from typing import Any

import shiboken6
from PySide6.QtCore import QCoreApplication

from dynoview.core.tx.templates import OwnerRead
from dynoview.ui.builder.lock_forms import ReleaseLockForm
from dynoview.ui.builder.template_forms import TemplateForm
from dynoview.ui.context import AppContext

OWNER_READ_TASK = "release-former-owner-read"


def connect_owner_read(form: TemplateForm, ctx: AppContext) -> None:
    """Answer ``form``'s ``read_owner`` (a release form; any other form is left alone)."""
    if isinstance(form, ReleaseLockForm):
        form.read_owner.connect(lambda key: read_owner(form, ctx, key))


def read_owner(form: ReleaseLockForm, ctx: AppContext, key: dict[str, Any]) -> None:
    reader = ctx.reader
    if reader is None:
        form.owner_read_failed(QCoreApplication.translate(
            "builder.owner_read", "Connect to the table first: the former owner is read before "
                                  "the release is built."))
        return

    async def read() -> None:
        try:
            item = await ctx.tasks.call(reader.get_item, form.table, key)
        except Exception as exc:  # said at the form's field: OK can be pressed again
            if shiboken6.isValid(form) and form.isVisible():
                form.owner_read_failed(ctx.describe(exc, operation="GetItem").message)
            return
        if shiboken6.isValid(form) and form.isVisible():  # else the form was closed meanwhile
            form.owner_was_read(OwnerRead(key, item))

    ctx.tasks.start(OWNER_READ_TASK, read())
