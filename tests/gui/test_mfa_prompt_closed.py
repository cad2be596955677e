"""The window's MFA prompter once its window is gone: a worker that asks afterwards (one queued
behind a refresh prompt that Quit answered) gets Cancel at once. It asked a dialog no one would
show and waited for ever, keeping the process alive after Quit."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from PySide6.QtWidgets import QWidget

from dynoview.core.session.signin import MfaRequest
from dynoview.ui.session.mfa_prompt import WindowPrompter

pytestmark = pytest.mark.gui


def _ask_from_a_worker(prompter: WindowPrompter) -> tuple[threading.Thread, list[str | None]]:
    answers: list[str | None] = []
    worker = threading.Thread(target=lambda: answers.append(
        prompter(MfaRequest("arn:aws:iam::123456789012:mfa/ada", "mfa"))), daemon=True)
    worker.start()
    return worker, answers


def test_an_ask_after_the_window_is_gone_is_cancelled_at_once(qtbot: Any) -> None:
    window = QWidget()
    prompter = WindowPrompter(window)
    worker, answers = _ask_from_a_worker(prompter)
    qtbot.waitUntil(lambda: prompter.dialog is not None, timeout=5000)
    window.deleteLater()  # the window goes (Quit closes it): the open prompt is answered Cancel
    qtbot.waitUntil(lambda: not worker.is_alive(), timeout=5000)
    assert answers == [None]
    late, late_answers = _ask_from_a_worker(prompter)  # queued behind it: no one will answer
    late.join(timeout=5)
    assert not late.is_alive() and late_answers == [None]
