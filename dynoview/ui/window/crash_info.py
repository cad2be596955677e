"""What an error report says about the main window: what it was doing (names only, never
credentials) and the live connection's secrets, so the report can be scrubbed of them."""

from __future__ import annotations

from dynoview.ui.context import AppContext


def crash_context(ctx: AppContext, tab: str) -> dict[str, str]:
    """``tab``: the title of the tab on screen."""
    conn = ctx.connection
    context = {"Connection": "none"}
    if conn is not None:
        flags = [f for f, on in (("demo", conn.spec.demo), ("read-only", conn.spec.read_only)) if on]
        context["Connection"] = conn.spec.describe() + (f" ({', '.join(flags)})" if flags else "")
    context["Table"] = ctx.table.name if ctx.table is not None else "none"
    context["Tab"] = tab.replace("&&", "&")
    context["Running tasks"] = ", ".join(ctx.tasks.running()) or "none"
    return context


def crash_secrets(ctx: AppContext) -> list[str]:
    from dynoview.ui.crash import credential_secrets

    conn = ctx.connection
    return credential_secrets(conn.session) if conn is not None else []
