"""The Items tab: reading a table page by page, the items model and its columns, the item detail,
editing, and the extra Items tabs.
"""
