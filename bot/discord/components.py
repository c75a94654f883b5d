"""The bot's buttons and menus, every one a :class:`discord.ui.DynamicItem`.

Each kind's custom id is in :mod:`bot.discord.custom_ids`; every click goes through one
gate first (:class:`bot.discord.gate.GameItem`); the components are by screen: the
lobby's (:mod:`bot.discord.lobby_buttons`) and the turn message's and turn panel's
(:mod:`bot.discord.panel`). Their words are :mod:`bot.words`'.
"""

from __future__ import annotations

from .archive import ArchiveGameSelect, ArchivePageButton, ArchiveShareButton, ReplayButton
from .lobby_buttons import LobbyButton
from .panel import (
    ConfirmButton,
    FollowerSelect,
    MapButton,
    PageButton,
    PlacementSelect,
    PlayButton,
    TileSelect,
)
from .share import ShareButton

#: Every component kind, for the client to register (one per kind of custom id).
DYNAMIC_ITEMS = (
    LobbyButton,
    PlayButton,
    MapButton,
    TileSelect,
    PlacementSelect,
    PageButton,
    FollowerSelect,
    ConfirmButton,
    ShareButton,
    ArchivePageButton,
    ArchiveGameSelect,
    ReplayButton,
    ArchiveShareButton,
)
