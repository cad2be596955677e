"""DynamoDB Streams: reading shards and following changes."""
