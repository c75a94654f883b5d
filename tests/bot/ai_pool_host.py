"""A bot process for the test of its AI workers' lifetime (issue 18, fault 8).

``python tests/bot/ai_pool_host.py DATABASE``: the real bot in simcord's offline
Discord on ``DATABASE``, one game against an AI that has made a move (so the
worker pool exists); then it prints ``ready`` and waits, to be killed.
"""

from __future__ import annotations

import asyncio
import sys
import time

from bot_support import ai_table


async def main(database: str) -> None:
    async with ai_table(database) as table:
        alice = table.member("alice")
        await alice.slash(table.channel, "carcassonne new", ai=1, ai_level="easy")
        await alice.slash(table.channel, "carcassonne start")
        state = await table.state()
        if not state.current.is_ai:
            await table.place()
        state = await table.state()
        assert any(state.players[e.player].is_ai for e in state.game.history)
        print("ready", flush=True)
        time.sleep(120)  # blocking on purpose: the test kills this process meanwhile


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
