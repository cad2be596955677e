"""Dialogs that show application code made from what the window did (``dynoview.core.codegen``)."""
