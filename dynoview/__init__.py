"""DynoView: a desktop explorer for DynamoDB tables that hold uniqueness locks."""

__version__ = "0.1.0"
APP_NAME = "DynoView"
ORG_NAME = "DynoView"
