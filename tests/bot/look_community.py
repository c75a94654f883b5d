"""Look at what players see of ratings (issue 22): channel previews of ``/leaderboard``
(two pages), ``/profile`` with a rating history of ten games (the chart), a rated
game's result message (points by feature, rating changes) and the archive's view of
it, in English and Hungarian (or the languages given), at a desktop's and a phone's
width.

Not a test (pytest does not collect it): a tool to run by hand, which writes PNGs
for a person to look at. Needs Playwright and a Chromium (``preview_support``)::

    PYTHONPATH=$PWD:tests/bot python tests/bot/look_community.py /tmp/ratingshow-look [en hu]
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot_support import ai_table, scoring_move
from preview_support import DESKTOP, PHONE, chromium

from bot.storage import GameResult, Player, Rating, ResultPlayer

NOW = datetime(2026, 1, 1, tzinfo=UTC)
#: Discord's longest display name (32 characters).
LONG = "Bartholomew the Magnificent III"


async def seed(table) -> None:
    """23 rated players (some with long names), and a member with ten rated games."""
    db = table.bot.storage
    guild = table.guild.id
    async with db.transaction() as tx:
        for n in range(23):
            user_id = table.member(LONG if n == 20 else f"player{n}").id if n >= 19 \
                else 10_000 + n
            name = "Wilhelmina Oppenheimer-Kowalski" if n == 7 else f"Gone {n}"
            rating = Rating(str(user_id), user_id, None, name, mu=20.0 + n, sigma=3.0,
                            ordinal=11.0 + n, games=3 + n * 7, wins=1 + n * 3)
            game = await tx.insert_game(guild_id=guild, channel_id=1000 + n,
                                        host=Player(77, "host"),
                                        options={"game": "carcassonne"}, now=NOW)
            await tx.save_ratings(guild, "carcassonne", game.id, [(rating, 0.0)], NOW)
        dora = table.member("dora")
        mu, sigma = 25.0, 25 / 3
        steps = [3.1, 1.4, -2.0, 2.6, 0.9, -1.1, 1.8, -0.4, 2.2, 0.7]
        for n, step in enumerate(steps):
            game = await tx.insert_game(guild_id=guild, channel_id=2000 + n,
                                        host=Player(dora.id, "dora"),
                                        options={"game": "carcassonne"}, now=NOW, rated=True)
            at = NOW + timedelta(days=n)
            await tx.save_result(GameResult(
                game.id, guild, "carcassonne", True, 70, at - timedelta(hours=30), at,
                (ResultPlayer(0, str(dora.id), dora.id, None, "dora", 80 + 7 * n, 1 + n % 2,
                              points_during={"city": 40 + n, "road": 12, "cloister": 9},
                              points_final={"field": 15 + n, "city": 4}, biggest_city=9,
                              longest_road=6, turns=35),)))
            before = mu - 3 * sigma
            mu, sigma = mu + step, sigma * 0.88
            await tx.save_ratings(guild, "carcassonne", game.id, [(Rating(
                str(dora.id), dora.id, None, "dora", mu, sigma, mu - 3 * sigma, games=n + 1,
                wins=(n + 2) // 2), before)], at)


async def rated_game(table):
    """A rated game of two people (one with a long name) and an easy AI, ended by vote."""
    host = table.member("alice")
    await host.slash(table.channel, "carcassonne new", ai=1, ai_level="easy")
    await table.member(LONG).slash(table.channel, "carcassonne join")
    await host.slash(table.channel, "carcassonne start")
    for _ in range(8):
        state = await table.state()
        if state.current is None or state.current.is_ai:
            continue
        await table.place(scoring_move(state))
    await table.env.advance_time(12 * 3600)
    state = await table.state()
    for member in list(table.members.values()):
        seat = state.seat(member.id)
        if seat is not None and member.id != state.current.id:
            await member.slash(table.channel, "carcassonne vote-end")
    return table.channel.last_message


async def shoot(table, viewer, message, path: Path, browser) -> list[Path]:
    """``message`` in the channel preview at a desktop's and a phone's width."""
    written = []
    for width, height in (DESKTOP, PHONE):
        async with table.env.preview(table.channel, viewers=[viewer], layout="channel",
                                     display="fixed", width=width, height=height) as preview:
            await preview.show(message)
            page = await browser.new_page(viewport={"width": width, "height": height})
            await page.goto(preview.url)
            await page.wait_for_load_state("networkidle")
            await page.wait_for_function(
                "() => [...document.images].every(i => i.complete && i.naturalWidth > 0)")
            target = path.with_name(f"{path.stem}-{width}.png")
            await page.screenshot(path=str(target), full_page=True)
            written.append(target)
            await page.close()
    return written


async def look(language: str, out: Path, browser) -> list[Path]:
    written: list[Path] = []
    with tempfile.TemporaryDirectory() as folder:
        async with ai_table(str(Path(folder) / "bot.sqlite3")) as table:
            admin = table.admin()
            await admin.slash(table.channel, "carcassonne settings", rated=True,
                              language=language)
            await seed(table)
            viewer = table.member("viewer")
            result = await rated_game(table)
            written += await shoot(table, viewer, result, out / f"{language}-result.png",
                                   browser)
            board = await viewer.slash(table.channel, "leaderboard")
            written += await shoot(table, viewer, board.response,
                                   out / f"{language}-leaderboard-1.png", browser)
            second = await viewer.click(board.response, label="▶")
            written += await shoot(table, viewer, second.response,
                                   out / f"{language}-leaderboard-2.png", browser)
            profile = await viewer.slash(table.channel, "profile", member=table.member("dora"))
            message = profile.followups[-1] if profile.followups else profile.response
            written += await shoot(table, viewer, message, out / f"{language}-profile.png",
                                   browser)
            archive = await viewer.slash(table.channel, "archive", member=table.member("alice"))
            game = await viewer.select(archive.response, [str((await table.state()).id)])
            written += await shoot(table, viewer, game.response,
                                   out / f"{language}-archive-game.png", browser)
    return written


async def main(out: Path, languages: list[str]) -> None:
    from playwright.async_api import async_playwright

    out.mkdir(parents=True, exist_ok=True)
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=chromium(), args=["--no-sandbox", "--headless", "--disable-gpu"])
        try:
            for language in languages:
                for path in await look(language, out, browser):
                    print(path)
        finally:
            await browser.close()


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/ratingshow-look"),
                     sys.argv[2:] or ["en", "hu"]))
