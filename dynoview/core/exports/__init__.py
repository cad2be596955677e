"""Auditing DynamoDB table exports (ExportTableToPointInTime): manifests, rows, SQL rules on DuckDB or
Athena.
"""
