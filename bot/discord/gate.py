"""The gate of the bot's buttons and menus: every one a :class:`discord.ui.DynamicItem`
behind one check.

Every component carries its whole state in its custom id
(:mod:`bot.discord.custom_ids`), so the components keep working after a restart.
:class:`GameItem` is the gate: its ``interaction_check`` loads the game and
refuses, once for all components and privately, a click from another
channel (a forged or moved custom id), and for a turn component a click by
anyone but the player on turn or for an earlier turn. A component's
:meth:`~GameItem.run` then gets the game as loaded; the application layer
(:mod:`bot.app`) checks again as it saves (the Confirm button plays through
:meth:`bot.app.moves.Moves.place`, the path of a typed move too). The components
themselves are by screen: :mod:`bot.discord.lobby_buttons` and :mod:`bot.discord.panel`.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any, ClassVar, Self, TypeVar, cast

import discord

from ..app.state import GameState, require_turn
from ..errors import GameError, HostOnly, NoGame, OtherChannel
from ..i18n import N_, Messages
from ..storage import DiskFull, GameRow, Player
from ..words.refusals import disk_full, refusal_text, something_wrong
from . import custom_ids, markup
from .replies import reply_error
from .services import services_of

log = logging.getLogger(__name__)

Item = TypeVar("Item", bound=discord.ui.Item[Any])
Result = TypeVar("Result")


def player_of(user: discord.abc.User | discord.Member) -> Player:
    return Player(user.id, user.display_name)


class CarriedItem(discord.ui.DynamicItem[Item], template=rf"{custom_ids.PREFIX}:.*"):
    """A component that carries its state in its custom id: a subclass names its kind
    (``ids=custom_ids.X``), which gives its template and the values it is rebuilt
    from, and answers the clicker's failures one way (:meth:`answering`). The gates
    below (:class:`GameItem`; the archive's) are its subclasses."""

    #: The kind of custom id it carries: its template, and the values it is rebuilt from.
    ids: ClassVar[custom_ids.CustomId]
    #: The messages of the one who clicked, set by the gate's check.
    t: Messages

    def __init_subclass__(cls, *, ids: custom_ids.CustomId | None = None,
                          template: str | None = None, **kwargs: Any) -> None:
        """A gate names its ``template`` (what all its components match); a component
        its ``ids``."""
        matched = ids.template if ids is not None else template
        if matched is None:
            raise TypeError(f"{cls.__name__} names neither its ids nor a template")
        super().__init_subclass__(template=matched, **kwargs)
        if ids is not None:
            cls.ids = ids

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        """The component of a clicked custom id, built from the values it carries; a menu
        keeps the clicked item, which holds the chosen values."""
        rebuilt = cls(*cls.ids.read(match))
        if isinstance(item, discord.ui.Select):
            rebuilt.item = cast(Item, item)
        return rebuilt

    async def answering(self, interaction: discord.Interaction,
                        work: Awaitable[None]) -> None:
        """Run a click's ``work``; a refusal, a full disk or a fault is answered
        privately in one short sentence, never left unanswered."""
        try:
            await work
        except GameError as exc:
            await reply_error(interaction, refusal_text(self.t, exc))
        except DiskFull as exc:
            log.error("%s", exc)  # one sentence for the operator, no traceback
            await reply_error(interaction, disk_full(self.t))
        except Exception:
            log.exception("component %s failed", self.custom_id)
            await reply_error(interaction, something_wrong(self.t))


class GameItem(CarriedItem[Item], template=custom_ids.ANY):
    """A component of one game: the gate every click goes through first.

    Its custom id is ``carc:{kind}:{game id}:...``. Subclasses (each with its
    own template) set ``game_id`` (and, for a turn component, ``turn``) and
    implement :meth:`run`, which gets the game as loaded and the messages of
    the one who clicked (``t``; a component that posts for everyone asks for
    the server's itself).
    """

    #: Whether only the player on turn may use it, and only at its turn.
    on_turn: ClassVar[bool] = True
    game_id: int
    turn: int | None = None
    state: GameState

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        self.t = await services_of(interaction).readers.private(interaction)
        try:
            self.state = await load(interaction, self.game_id)
            if self.on_turn:
                require_turn(self.state, interaction.user.id, self.turn)
        except GameError as exc:
            await reply_error(interaction, refusal_text(self.t, exc))
            return False
        return True

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.answering(interaction, self.run(interaction, self.state, self.t))

    async def run(self, interaction: discord.Interaction, state: GameState, t: Messages) -> None:
        raise NotImplementedError


async def as_host(
    interaction: discord.Interaction,
    row: GameRow,
    action: Callable[[], Awaitable[Result]],
) -> Result:
    """Run a host-only ``action``; if the host has left the server, hand the role to
    the next player first (the bot sees no member leave: it asks Discord when it matters)."""
    try:
        return await action()
    except HostOnly:
        guild = interaction.guild
        if guild is None or await _is_member(guild, row.host_id):
            raise
    assert interaction.guild_id is not None
    await services_of(interaction).app.lifecycle.hand_over_host(interaction.guild_id, row.id,
                                                                row.host_id)
    return await action()


async def _is_member(guild: discord.Guild, user_id: int) -> bool:
    try:
        await guild.fetch_member(user_id)
    except discord.NotFound:
        return False
    except discord.HTTPException:
        return True  # Discord is not answering: do not take anyone's role away
    return True


async def load(interaction: discord.Interaction, game_id: int) -> GameState:
    """The game a component belongs to, if it is used in that game's channel (or
    its thread)."""
    if interaction.guild_id is None:
        raise NoGame(N_("That game does not exist on this server."))
    state = await services_of(interaction).app.queries.state(interaction.guild_id, game_id=game_id)
    if interaction.channel_id not in (state.row.channel_id, state.row.thread_id):
        raise OtherChannel(channel=markup.channel(state.row.channel_id))
    return state


#: The label of a component rebuilt from its custom id (never shown: Discord keeps
#: showing the message's own).
REBUILT = "-"
