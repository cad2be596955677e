"""Uniqueness locks: the schema and its presets, pairing accounts with locks into findings,
diagnose one value, and where an orphan lock came from.
"""
