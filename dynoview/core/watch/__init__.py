"""The watch: the uniqueness engine kept up to date from a table's stream (``dynoview watch``)."""
