"""The embedded demo backend (moto or DynamoDB Local on loopback, seeded). Kept out of core: only the
app's entry points start it.
"""

import importlib.util

#: moto is the ``demo`` extra, not a dependency: a wheel installed with pipx has no demo until
#: it is added. Said as a sentence (exit 2), not as a crash report about a missing module.
MOTO_MISSING = ("The demo needs moto, which this install of DynoView does not have: add it with "
                "`pipx inject dynoview \"moto[server]>=5.0\"` (or `pip install \"dynoview[demo]\"`), "
                "or run the demo on DynamoDB Local with --engine dynamodb-local.")


def moto_unavailable_reason() -> str | None:
    """Why the moto demo cannot start here (moto is not installed), or None."""
    return MOTO_MISSING if importlib.util.find_spec("moto") is None else None
