"""Items leaving the app: file exports, the clipboard, copies into another table."""
