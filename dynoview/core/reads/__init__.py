"""Reading items: the reader and its pages, read receipts, capacity estimates, the items view's
requests, history and columns, PartiQL.
"""
