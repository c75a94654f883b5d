"""Functions for the AI's worker process in tests (module-level, so that the worker
process can import them), standing in for ``engine.ai.worker.choose_move``."""

from __future__ import annotations


def failing_choose(record: dict, level: str, **options) -> str:
    """A worker that always fails, as a broken engine or a lost process would."""
    raise RuntimeError("this worker always fails")



def gated_choose(record: dict, level: str, *, gate: str, **options) -> str:
    """The real choice, once the file ``gate`` exists: a search that lasts until the
    test lets it end (at most 10 s)."""
    import time
    from pathlib import Path

    from engine.ai.worker import choose_move

    for _ in range(1000):  # counted, not timed: a clock may be virtual where this runs
        if Path(gate).exists():
            return choose_move(record, level, **options)
        time.sleep(0.01)
    raise TimeoutError(f"{gate} never appeared")
