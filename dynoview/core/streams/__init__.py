"""DynamoDB Streams: the stream's description, records as events, key filters, reading and
following shards.
"""
