"""Importing items into a table: readers per file format (streamed, every item located), a
preview, and the guarded batch writer (preflight, action log, rate, cancel, resume)."""
