"""Versions of the AWS SDK the app runs on, for About and crash reports (the UI does
not import boto3 itself)."""

from __future__ import annotations


def sdk_versions() -> dict[str, str]:
    """{"boto3": "1.44.8", "botocore": "1.44.8"}; imports the SDK if it is not loaded yet."""
    import boto3
    import botocore

    return {"boto3": boto3.__version__, "botocore": botocore.__version__}
