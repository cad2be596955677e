"""Dialogs that create and delete tables on a local endpoint (``core.session.local_tables``)."""
