"""DynamoDB attribute values: parsing, typed numbers, DynamoDB JSON, sizes."""
