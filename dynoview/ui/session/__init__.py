"""Signing in from the window (issue 25): the MFA prompt, who the connection is, production."""
