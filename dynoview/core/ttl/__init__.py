"""TTL as DynamoDB applies it: expiry at read time and the expiry timeline."""
