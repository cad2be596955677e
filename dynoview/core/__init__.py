"""Qt-free core: every DynamoDB rule the app knows lives here."""
