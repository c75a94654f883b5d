"""One AI turn from plain data, for a worker process.

The bot keeps games as records; a search must not block its event loop, so
it runs :func:`choose_move` in another process (``concurrent.futures.
ProcessPoolExecutor``). Everything crossing the process boundary is plain
data: the record (a dict), the level's name, a seed and a time budget go in;
the move comes back as text that ``engine.parse_action`` reads
(``"V 1,0,90 meeple S"``).
"""

from __future__ import annotations

from . import adapter, make_agent
from .agents import Budget


def choose_move(record: dict, level: str, *, game_seed: int | None = None, seed: int = 0,
                seconds: float | None = None) -> str:
    """The move the agent ``level`` plays for the player on turn of ``record``.

    ``game_seed`` is the game's seed when the record does not carry it (the
    engine needs it to know the tiles to come; the agent is shown only the
    player's view). ``seed`` is the agent's own: choose it from the game's id
    and the turn, say, never from the game's seed. ``seconds`` bounds
    ``hard``'s search (default 1.5 s); the other levels answer at once.
    """
    state = adapter.state_from_record(record, seed=game_seed)
    if adapter.is_over(state):
        raise ValueError("the game is over: there is no move to choose")
    budget = Budget(seconds=seconds) if seconds is not None else None
    agent = make_agent(level, seed=seed, budget=budget)
    return adapter.action_text(agent.choose(adapter.PlayerView.of(state)))
