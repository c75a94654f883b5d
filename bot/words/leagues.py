"""``/league``: a league's news, standings and schedule, in its channel (issue 22)."""

from __future__ import annotations

import discord

from ..app.leagues.service import MIN_PLAYERS, Ended
from ..app.leagues.standings import DRAW, LOSS, WIN
from ..app.leagues.view import LeagueView
from ..app.state import GameState
from ..discord import markup
from ..i18n import Messages
from ..storage import LeagueGame
from .common import COLOUR, Post

#: The most lines of a schedule's embed (Discord allows 4096 characters).
SCHEDULE_LINES = 40


def format_name(t: Messages, format: str) -> str:
    if format == "knockout":
        return t.gettext("knockout")
    return t.gettext("Swiss") if format == "swiss" else t.gettext("round robin")


def points_rule(t: Messages) -> str:
    """The points and tie-breaks, as every standings post states them."""
    return t.gettext("Win {win}, draw {draw}, loss {loss} points. Ties: head-to-head, then "
                     "game points, then score difference.", win=WIN, draw=DRAW, loss=LOSS)


def knockout_rule(t: Messages) -> str:
    """How a knockout goes on, as its standings and schedule state it."""
    return t.sentences(
        t.gettext("Knockout: the winner of each game goes through; a draw sends the "
                  "better seed (who signed up first) through; the best seeds have the "
                  "byes."),
        t.gettext("A game whose players both dropped out sends nobody through: the "
                  "neighbouring winner has a bye, and such a final has no winner."))


def created_text(t: Messages, view: LeagueView) -> str:
    league = view.league
    lines = [t.gettext(
        "🏆 League **{name}** is open ({format}, 2 players a game, rounds of {hours} h). "
        "Join with `/league join`; {organiser} starts it with `/league start`.",
        name=markup.plain(league.name), format=format_name(t, league.format),
        hours=league.round_hours, organiser=markup.mention(league.organiser_id)),
        rules_text(t, view)]
    if league.starts_at is not None:
        lines.append(t.gettext("It starts by itself {when}.",
                               when=markup.timestamp(league.starts_at)))
    return "\n".join(lines)


def roster_text(t: Messages, view: LeagueView, user_id: int, *, joined: bool) -> str:
    facts = {"player": markup.mention(user_id), "name": markup.plain(view.league.name),
             "count": len(view.players)}
    if joined:
        return t.gettext("{player} joined league **{name}**. Signed up: {count}.", **facts)
    return t.gettext("{player} left league **{name}**. Signed up: {count}.", **facts)


def status_line(t: Messages, view: LeagueView) -> str:
    league = view.league
    if league.status == "signup":
        return t.gettext("Signing up: {count} players.", count=len(view.players))
    if league.status == "finished":
        return t.gettext("Finished after {rounds} rounds.", rounds=league.round)
    if league.status == "cancelled":
        return t.gettext("Cancelled.")
    line = t.gettext("Round {round} of {rounds}.", round=league.round, rounds=view.total_rounds)
    if league.round_ends_at is not None:
        line += " " + t.gettext("Time is up {when}.", when=markup.timestamp(league.round_ends_at))
    return line


def standings_post(t: Messages, view: LeagueView, news: str | None = None) -> Post:
    """The table: rank, name, points, wins–draws–losses, game points and difference; a
    knockout's is its bracket, round by round, and who is still in."""
    if view.knockout:
        return bracket_post(t, view, news)
    lines = []
    for line in view.lines:
        name = markup.plain(line.name)
        if line.dropped:
            name = f"~~{name}~~"
        lines.append(t.gettext(
            "{rank}. **{name}**: {points} pts ({wins}–{draws}–{losses}), game points "
            "{scored} ({difference})",
            rank=line.rank, name=name, points=line.points, wins=line.wins, draws=line.draws,
            losses=line.losses, scored=line.scored, difference=f"{line.difference:+d}"))
    embed = discord.Embed(
        title=t.gettext("🏆 {name}: standings", name=view.league.name), colour=COLOUR,
        description="\n".join(lines) or t.gettext("No players yet."))
    embed.add_field(name=status_line(t, view), value=points_rule(t), inline=False)
    return Post(content=news, embed=embed)


def pairing_text(t: Messages, view: LeagueView, pairing: LeagueGame) -> str:
    text = _pairing_text(t, view, pairing)
    if view.nobody_through(pairing):
        # Translators: a knockout's game (or bye) whose players had all dropped out.
        return t.gettext("{pairing}: dropped out, nobody goes through", pairing=text)
    through = view.goes_through(pairing) if view.knockout and pairing.player_b else None
    if through is None:
        return text
    name = markup.plain(view.name(through))
    if pairing.forfeit_by is None and pairing.score_a == pairing.score_b:
        return t.gettext("{pairing}: a draw, {player} goes through as the better seed",
                         pairing=text, player=name)
    return t.gettext("{pairing}: {player} goes through", pairing=text, player=name)


def _pairing_text(t: Messages, view: LeagueView, pairing: LeagueGame) -> str:
    a = markup.plain(view.name(pairing.player_a))
    if pairing.player_b is None:
        return t.gettext("{player}: bye", player=a)
    b = markup.plain(view.name(pairing.player_b))
    if pairing.status == "done":
        if pairing.forfeit_by is not None:
            return t.gettext("{a} – {b}: forfeit by {player}", a=a, b=b,
                             player=markup.plain(view.name(pairing.forfeit_by)))
        return t.gettext("{a} {score_a} – {score_b} {b}", a=a, b=b, score_a=pairing.score_a,
                         score_b=pairing.score_b)
    if pairing.status == "running" and pairing.game_id is not None:
        return t.gettext("{a} – {b}: playing, game {id}", a=a, b=b, id=pairing.game_id)
    return t.gettext("{a} – {b}: to open", a=a, b=b)


def round_lines(t: Messages, view: LeagueView) -> list[str]:
    """Every round's pairings so far, with their results (the latest rounds, if many)."""
    lines: list[str] = []
    for number in range(1, view.league.round + 1):
        lines.append(t.gettext("**Round {round}**", round=number))
        lines.extend(f"• {pairing_text(t, view, p)}" for p in view.round(number))
    if len(lines) > SCHEDULE_LINES:
        lines = ["…", *lines[-SCHEDULE_LINES:]]
    return lines


def schedule_post(t: Messages, view: LeagueView) -> Post:
    """Every round's pairings so far, with their results."""
    embed = discord.Embed(
        title=t.gettext("🏆 {name}: schedule", name=view.league.name), colour=COLOUR,
        description="\n".join(round_lines(t, view))
        or t.gettext("No round has been played yet."))
    rules = rules_text(t, view)
    rules = (t.sentences(knockout_rule(t), rules) if view.knockout
             else t.sentences(t.gettext("Format: {format}.",
                                        format=format_name(t, view.league.format)), rules))
    embed.add_field(name=status_line(t, view), value=rules, inline=False)
    return Post(embed=embed)


def bracket_post(t: Messages, view: LeagueView, news: str | None = None) -> Post:
    """A knockout's standings: its bracket round by round, and who is still in."""
    lines = round_lines(t, view)
    if view.league.status == "running":
        still_in = [markup.plain(view.name(p)) for p in view.still_in()]
        lines.append(t.gettext("Still in: {players}", players=t.list(still_in)))
    embed = discord.Embed(
        title=t.gettext("🏆 {name}: bracket", name=view.league.name), colour=COLOUR,
        description="\n".join(lines) or t.gettext("No round has been played yet."))
    embed.add_field(name=status_line(t, view), value=knockout_rule(t), inline=False)
    return Post(content=news, embed=embed)


def round_opened_text(t: Messages, view: LeagueView) -> str:
    return t.gettext("🏆 **{name}**: round {round} is open; its games are in their threads.",
                     name=markup.plain(view.league.name), round=view.league.round)


def result_text(t: Messages, view: LeagueView, pairing: LeagueGame) -> str:
    return t.gettext("Result, round {round}: {result}.", round=pairing.round,
                     result=pairing_text(t, view, pairing))


def finished_text(t: Messages, view: LeagueView) -> str:
    if not view.winners():
        return t.gettext("🏆 League **{name}** is over, without a winner: the last players "
                         "in had all dropped out.", name=markup.plain(view.league.name))
    return t.gettext("🏆 League **{name}** is over. Winner: {winner}.",
                     name=markup.plain(view.league.name),
                     winner=t.list([markup.mention(player) for player in view.winners()]))


def game_thread_name(t: Messages, view: LeagueView, pairing: LeagueGame) -> str:
    """A thread's name (at most 100 characters)."""
    return t.gettext("{league} · R{round}: {a} vs {b}", league=view.league.name,
                     round=pairing.round, a=view.name(pairing.player_a),
                     b=view.name(pairing.player_b))[:100]


def time_up_text(t: Messages, view: LeagueView, state: GameState) -> str:
    """In a game's thread: the round's time was up, the game was scored as it stood."""
    outcome = state.game.outcome() if state.game is not None else None
    scores = outcome.scores if outcome is not None else []
    shown = ", ".join(f"{markup.plain(p.name)} {score}"
                      for p, score in zip(state.players, scores, strict=False))
    return t.gettext("⏱️ The round's time is up: the game was scored as it stands ({scores}).",
                     scores=shown)


def stood_in_text(t: Messages) -> str:
    """In a game's thread: the round's time was up, AI players play the game on."""
    return t.gettext("⏱️ The round's time is up: AI players take the seats and play the game "
                     "to its end.")


def start_date_text(t: Messages, view: LeagueView, started: bool) -> str:
    """The league's start date came."""
    if started:
        return started_text(t, view)
    return t.gettext("League **{name}** could not start on its date: it has {count} players "
                     "of the {least} it needs. The organiser can start it later.",
                     name=markup.plain(view.league.name), count=len(view.players),
                     least=MIN_PLAYERS)


def rules_text(t: Messages, view: LeagueView) -> str:
    """The league's rules for time-up and drop-outs."""
    league = view.league
    at_time = (t.gettext("At time-up, AI players finish the games.")
               if league.time_rule == "ai" else
               t.gettext("At time-up, games are scored as they stand."))
    dropped = (t.gettext("A dropped player's games are played by an AI.")
               if league.drop_rule == "ai" else
               t.gettext("A dropped player's games are forfeited."))
    return t.sentences(at_time, dropped)


def ended_text(t: Messages, ended: Ended) -> str:
    """In a game's thread: the game ended because its player dropped out (or an AI took
    their seat), or the league was cancelled."""
    if ended.dropped is not None and ended.stand_ins:
        return t.gettext("{player} dropped out of the league: an AI plays on in their seat.",
                         player=markup.mention(ended.dropped))
    if ended.dropped is not None:
        return t.gettext("{player} dropped out of the league: the game is given up.",
                         player=markup.mention(ended.dropped))
    return t.gettext("The league was cancelled: this game ends unscored.")


def dropped_text(t: Messages, ended: Ended) -> str:
    assert ended.dropped is not None
    if ended.stand_ins:
        return t.gettext("{player} dropped out of league **{name}**; an AI plays their games.",
                         player=markup.mention(ended.dropped),
                         name=markup.plain(ended.view.league.name))
    return t.gettext("{player} dropped out of league **{name}**; their games are forfeited.",
                     player=markup.mention(ended.dropped),
                     name=markup.plain(ended.view.league.name))


def cancelled_text(t: Messages, view: LeagueView, user_id: int) -> str:
    return t.gettext("League **{name}** was cancelled by {player}.",
                     name=markup.plain(view.league.name), player=markup.mention(user_id))


def started_text(t: Messages, view: LeagueView) -> str:
    return t.gettext("🏆 League **{name}** has started: {count} players, {rounds} rounds.",
                     name=markup.plain(view.league.name), count=len(view.players),
                     rounds=view.total_rounds)
