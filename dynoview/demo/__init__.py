"""The embedded demo backend (moto or DynamoDB Local on loopback, seeded). Kept out of core: only the
app's entry points start it.
"""
