"""SIGTERM and SIGINT for the window: noted while it is being built, then handled by the loop,
which closes it the normal way (layout saved, demo stopped)."""

from __future__ import annotations

import signal
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import asyncio


def _window_signals() -> tuple[int, ...]:
    """SIGTERM (logout, ``kill``; not on every platform) and SIGINT (Ctrl+C)."""
    return tuple(s for s in (getattr(signal, "SIGTERM", None), signal.SIGINT) if s is not None)


def hold_signals() -> tuple[list[int], dict[int, Any]]:
    """Until the loop can act on them, SIGTERM and SIGINT are only noted: one sent while the
    window is being built closes it once it is shown (Python's own handling lost a Ctrl+C
    there, and SIGTERM ended the start without stopping the demo). Returns the list they are
    noted in and the handlers they replaced."""
    held: list[int] = []
    previous: dict[int, Any] = {}
    for signum in _window_signals():
        try:
            previous[signum] = signal.signal(signum, lambda num, _frame: held.append(num))
        except ValueError:  # not the main thread (an embedding host): leave signals alone
            continue
    return held, previous


def close_on_signals(loop: asyncio.AbstractEventLoop, close: Callable[[], None],
                     signals: tuple[int, ...] = ()) -> list[int]:
    """Close the window the normal way (layout saved) on SIGTERM or SIGINT.

    Python runs signal handlers only between bytecodes, and Qt's event loop can sleep in C for
    minutes: the asyncio loop's handlers wake it through a self-pipe, so logout, ``kill`` and
    Ctrl+C act at once. A second signal while closing stops the loop outright. Returns the
    signals handled.
    """
    signals = signals or _window_signals()
    received: list[int] = []

    def on_signal(signum: int) -> None:
        received.append(signum)
        if len(received) == 1:
            close()
        else:
            loop.stop()  # the first close did not finish: do not make the user wait

    handled = []
    for signum in signals:
        try:
            loop.add_signal_handler(signum, on_signal, signum)
        except (NotImplementedError, RuntimeError, ValueError):
            # Windows event loops have no add_signal_handler: hop from Python's handler to the
            # loop instead (Ctrl+C in a console window); a wake-up timer lets Python run.
            try:
                signal.signal(signum, lambda num, _frame: loop.call_soon_threadsafe(on_signal, num))
            except ValueError:  # not the main thread (an embedding host): leave signals alone
                continue
            _start_wakeup_timer()
        handled.append(signum)
    return handled


def _start_wakeup_timer() -> None:
    from PySide6.QtCore import QCoreApplication, QTimer

    app = QCoreApplication.instance()
    if app is None or app.findChild(QTimer, "signal-wakeup") is not None:
        return
    timer = QTimer(app)
    timer.setObjectName("signal-wakeup")
    timer.setInterval(250)
    timer.timeout.connect(lambda: None)  # a trip through Python runs pending signal handlers
    timer.start()
