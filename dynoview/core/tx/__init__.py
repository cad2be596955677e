"""TransactWriteItems: the model, validation, the exact wire body, idempotency, execution and
its outcomes, the lock templates, code export and the action log.
"""
