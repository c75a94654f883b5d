"""AI work (moves, hints, game reviews), in a worker process so that the event
loop never waits on a search.

The bot owns one :class:`Thinker`, made with it and shut down when it closes.
Its :class:`~concurrent.futures.ProcessPoolExecutor` starts its processes
with the ``forkserver`` method where there is one (else ``spawn``): never
``fork``, since the bot runs threads (aiosqlite's, ``asyncio.to_thread``'s)
that a forked child would inherit in whatever state they were. Everything that
crosses to the worker is plain data (:func:`engine.ai.worker.choose_move`: the
stored record, the game's seed, the level, the agent's seed and budget); the
move comes back as text for :func:`engine.parse_action`, and is then played
through the same application path as a player's move.

A worker that dies (killed, out of memory) breaks the pool: the next move
gets a new one. A bot that dies (``kill -9``) takes its workers and their fork
server with it (:func:`engine.ai.worker.end_with`), and multiprocessing's
resource tracker then ends by itself.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from engine import Place
from engine.ai.ranking import suggest_move
from engine.ai.review import GameReview, review_game
from engine.ai.worker import choose_move, end_with

log = logging.getLogger(__name__)

#: How processes are started: a fork server (or a fresh interpreter), never a fork of
#: the bot's threads.
START_METHOD = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() \
    else "spawn"

#: The worker's function: ``choose(record, level, *, game_seed, seed, seconds) -> str``.
Choose = Callable[..., str]
#: The worst turns a game review shows per player.
REVIEW_TOP = 3


@dataclass(frozen=True)
class AISettings:
    """How the bot's AI players think."""

    #: Worker processes: AI moves of that many games are computed at once.
    workers: int = 1
    #: The ``hard`` level's time per move (the issue asks for at most 2 s at p95);
    #: ``easy`` and ``medium`` answer in tens of milliseconds whatever it is.
    hard_seconds: float = 1.5


class Thinker:
    """The bot's worker processes for AI work: a pool made at the first job (a bot
    that never seats an AI, gives a hint or reviews a game starts none) and
    stopped with the bot."""

    def __init__(self, settings: AISettings = AISettings(), *,
                 choose: Choose = choose_move) -> None:
        """``choose`` is the function the worker runs (a module-level function, so that
        it can be sent to another process)."""
        self.settings = settings
        self.choose = choose
        self._pool: ProcessPoolExecutor | None = None

    def _new_pool(self) -> ProcessPoolExecutor:
        context = multiprocessing.get_context(START_METHOD)
        if START_METHOD == "forkserver":
            # The engine is imported once, in the server; each worker forks from it.
            context.set_forkserver_preload(["engine.ai.worker"])
        # Each worker ends when the bot does, however the bot ends (kill -9 included).
        return ProcessPoolExecutor(max_workers=self.settings.workers, mp_context=context,
                                   initializer=end_with, initargs=(os.getpid(),))

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = self._new_pool()
        return self._pool

    async def move(self, record: dict[str, Any], level: str, *, game_seed: int | None,
                   seed: int) -> str:
        """The move (as text) the AI of ``level`` plays for the player on turn of the
        stored game ``record``, dealt from ``game_seed``; ``seed`` is the AI's own."""
        return await self._run(functools.partial(
            self.choose, record, level, game_seed=game_seed, seed=seed,
            seconds=self.settings.hard_seconds))

    async def hint(self, record: dict[str, Any], *, game_seed: int | None) -> Place:
        """The AI's suggestion for the player on turn of the stored game ``record``."""
        return await self._run(functools.partial(suggest_move, record, game_seed=game_seed))

    async def review(self, record: dict[str, Any], *, game_seed: int | None,
                     stand_ins: frozenset[int] = frozenset()) -> GameReview:
        """The review of the finished game ``record``: each player's costliest turns
        (one or two seconds for a whole game of 72 tiles); the turns an AI played for
        an absent player (``stand_ins``) are not theirs to be judged by."""
        return await self._run(functools.partial(review_game, record, seed=game_seed,
                                                 top=REVIEW_TOP, skip=stand_ins))

    async def _run(self, job: Callable[[], Any]) -> Any:
        """``job`` in a worker process; a dead worker's pool is replaced for the next job."""
        pool = self._executor()
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, job)
        except BrokenProcessPool:
            log.warning("the AI worker process died; a new one takes the next job")
            if self._pool is pool:
                self._pool = None
            pool.shutdown(wait=False, cancel_futures=True)
            raise

    async def close(self) -> None:
        """Stop the workers (a search under way is let finish, off the event loop)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)
