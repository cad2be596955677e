"""The guarded transaction builder (issue 4): ``BuilderPanel`` is the tab the window shows."""

from dynoview.ui.builder.panel import BuilderPanel

__all__ = ["BuilderPanel"]
