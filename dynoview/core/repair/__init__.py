"""Repairing audit findings: read the report, plan each fix, re-check, preflight and send it as a
guarded transaction, and keep a state file to resume.
"""
