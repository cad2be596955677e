"""The guarded transaction builder: ``BuilderPanel`` is the tab the window shows."""

from dynoview.ui.builder.panel import BuilderPanel

__all__ = ["BuilderPanel"]
