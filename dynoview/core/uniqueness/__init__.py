"""Uniqueness locks: the schema, pairing accounts with locks, the audit, diagnose, origins, reports and
repair.
"""
