"""The build backend: setuptools', asking for PySide6 only where a wheel is built.

A wheel's translations are compiled by setup.py with PySide6's lrelease, so building a wheel
needs PySide6-Essentials in its build environment. An editable install (``make run``, ``make
test``) and an sdist compile nothing: asking for PySide6 there too would download it into every
fresh install's build environment for nothing (PEP 517 lets a backend say so per build kind).
"""

from __future__ import annotations

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403 - every hook not overridden is setuptools' own

WHEEL_BUILD_REQUIRES = ["PySide6-Essentials>=6.6,!=6.12.0"]  # the runtime's own lower bound


def get_requires_for_build_wheel(config_settings: dict[str, object] | None = None) -> list[str]:
    return [*_setuptools.get_requires_for_build_wheel(config_settings), *WHEEL_BUILD_REQUIRES]
