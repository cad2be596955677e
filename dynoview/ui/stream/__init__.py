"""The Stream tab: following a table's stream, its events model and filter, and the record view.
"""
