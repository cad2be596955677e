"""Talking to DynamoDB: connections, endpoints, profiles, private files, log redaction, response
integrity, table descriptions.
"""
