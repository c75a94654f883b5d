"""One AI turn from plain data, for a worker process.

The bot keeps games as records; a search must not block its event loop, so
it runs :func:`choose_move` in another process (``concurrent.futures.
ProcessPoolExecutor``). Everything crossing the process boundary is plain
data: the record (a dict), the level's name, a seed and a time budget go in;
the move comes back as text that ``engine.parse_action`` reads
(``"V 1,0,90 meeple S"``).

A worker must not outlive the process it works for: killed (``kill -9``, out of
memory), that one cannot stop it, so each worker watches it
(:func:`end_with`) and ends itself, and its fork server with it.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time

from . import adapter, make_agent
from .agents import Budget
from .search import DEFAULT_BUDGET

#: Seconds between two looks at whether the process a worker works for still runs.
WATCH_INTERVAL = 0.5


def choose_move(record: dict, level: str, *, game_seed: int | None = None, seed: int = 0,
                seconds: float | None = None) -> str:
    """The move the agent ``level`` plays for the player on turn of ``record``.

    ``game_seed`` is the game's seed when the record does not carry it (the
    engine needs it to know the tiles to come; the agent is shown only the
    player's view). ``seed`` is the agent's own: choose it from the game's id
    and the turn, say, never from the game's seed. ``seconds`` bounds
    ``hard``'s search in time (default 1.5 s); its trials stay its default
    (:data:`~engine.ai.search.DEFAULT_BUDGET`: the move is the same for a seed
    whenever the time does not run out first); the other levels answer at once.
    """
    state = adapter.state_from_record(record, seed=game_seed)
    if adapter.is_over(state):
        raise ValueError("the game is over: there is no move to choose")
    budget = (Budget(seconds=seconds, iterations=DEFAULT_BUDGET.iterations)
              if seconds is not None else None)
    agent = make_agent(level, seed=seed, budget=budget)
    return adapter.action_text(agent.choose(adapter.PlayerView.of(state)))


def end_with(owner: int) -> None:
    """Run in each worker as it starts (the pool's ``initializer``): end this worker
    once process ``owner`` (the one that made the pool) has ended, however it ended.

    A thread looks every :data:`WATCH_INTERVAL` seconds. A worker started by a fork
    server is that server's child, and the server would stay too: it is ended first.
    """
    def watch() -> None:
        while _runs(owner):
            time.sleep(WATCH_INTERVAL)
        parent = os.getppid()
        if parent not in (owner, 1):
            with contextlib.suppress(OSError):  # the fork server that started this worker
                os.kill(parent, signal.SIGTERM)
        os._exit(0)

    threading.Thread(target=watch, name=f"end with {owner}", daemon=True).start()


def _runs(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie, dead but not yet reaped, does not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # it runs, as another user (a reused pid)
        return True
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):  # no /proc (not Linux): it runs
        return True
