"""The uniqueness audit of a live table: a parallel Scan (worker processes for large tables) classified
by the pairing rules, and its report.
"""
