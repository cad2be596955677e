"""The Accounts & locks tab: the audit table, diagnose one value, the schema dialog, and Repair all.
"""
