"""Shared hypothesis settings for the parser fuzzing.

``DYNOVIEW_FUZZ_EXAMPLES`` sets the examples per property: small in ``make test``,
10,000 in ``benchmarks/stress.py``. No deadline: a busy machine must not fail a test.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

FUZZ_EXAMPLES = int(os.environ.get("DYNOVIEW_FUZZ_EXAMPLES", "100"))

settings.register_profile(
    "dynoview-fuzz",
    max_examples=FUZZ_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                           HealthCheck.filter_too_much],
    database=None,  # every run explores afresh; failures print their reproducing example
)
