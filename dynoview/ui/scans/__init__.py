"""Sampling scans: the TTL timeline and the capacity & partitions tabs, their shared scan controller
and charts.
"""
