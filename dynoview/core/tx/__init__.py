"""TransactWriteItems: the model, validation, the exact wire body, execution, templates, preflight,
code export, the action log.
"""
