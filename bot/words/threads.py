"""A game in its own thread: the thread's name, the one line the channel gets at
the start, the notes when no thread could be opened or the thread is gone, and
the pointer to a message posted elsewhere.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..app.state import GameState
from ..discord import markup
from ..i18n import Messages, Term
from ..names import seat_names
from .access import permission_list
from .common import game_title, who

#: Discord's longest thread name.
THREAD_NAME_LIMIT = 100


def thread_name(t: Messages, state: GameState) -> str:
    """"Carcassonne #12: Ana, Bo, 🤖 AI Easy 1" (raw: a thread's name is not markdown)."""
    # Translators: a game's thread; {game} is "Carcassonne #12", {players} the names.
    name = t.gettext("{game}: {players}", game=game_title(t, state),
                     players=", ".join(seat_names(state.players)))
    return name[:THREAD_NAME_LIMIT]


def started_line(t: Messages, state: GameState, thread_id: int) -> str:
    """The channel's one line when a game starts in its thread."""
    players = ", ".join(who(state, seat) for seat in range(len(state.players)))
    return t.gettext("▶️ {game} has begun in {thread}: {players}. Anyone may follow it there.",
                     game=game_title(t, state), thread=markup.channel(thread_id),
                     players=players)


def no_thread_note(t: Messages, lacking: Sequence[Term]) -> str:
    """Why a game is played in its channel though the server wants a thread per game."""
    if lacking:
        return t.gettext("ℹ️ I cannot open a thread for this game (I am missing {permissions} "
                         "here), so it is played in this channel.",
                         permissions=permission_list(t, lacking))
    return t.gettext("ℹ️ I could not open a thread for this game, so it is played in this "
                     "channel.")


def thread_gone_note(t: Messages) -> str:
    """The first message in the channel after the game's thread was deleted."""
    return t.gettext("⚠️ This game's thread was deleted: the game goes on here, in its "
                     "channel.")


def posted_there(t: Messages, link: str) -> str:
    """The answer to a command whose message went to the game's thread (or, at the
    end, to its channel): a link to it."""
    return t.gettext("Posted in the game's place: {link}", link=link)
