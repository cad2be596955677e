"""Items leaving a tab: export to a file, audit of a table export, copy into another table.
"""
