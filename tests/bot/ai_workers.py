"""Functions for the AI's worker process in tests (module-level, so that the worker
process can import them), standing in for ``engine.ai.worker.choose_move``."""

from __future__ import annotations


def failing_choose(record: dict, level: str, **options) -> str:
    """A worker that always fails, as a broken engine or a lost process would."""
    raise RuntimeError("this worker always fails")
