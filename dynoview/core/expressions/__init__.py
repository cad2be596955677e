"""DynamoDB expressions: lexer, parser, placeholders, and the checks DynamoDB applies to them."""
