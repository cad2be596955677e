"""Qt widgets, models and dialogs. Thin: they call dynoview.core and show results."""
