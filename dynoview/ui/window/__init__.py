"""The window's frame: menus, layout, title, the tables list, the read log, connecting, the palette and
the small dialogs.
"""
