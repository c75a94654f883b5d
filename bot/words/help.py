"""``/carcassonne help``: how to play here, in a few lines.
"""

from __future__ import annotations

import discord

from ..i18n import Messages
from .common import COLOUR


def help_embed(t: Messages) -> discord.Embed:
    lines = [
        t.gettext("**Start**: `/carcassonne new` opens a game here (choose the options), "
                  "players press **Join**, and the host presses **Start**. Seats are drawn at "
                  "random."),
        t.gettext("**Your turn**: press **Play your turn** under the latest turn message: pick "
                  "a place from the list (the picture letters them A, B, ...), see a preview, "
                  "pick where a follower stands, and press **Confirm**; nothing happens before "
                  "that."),
        t.gettext("**Or type it**: `/carcassonne place position: B 90` plays at place B of the "
                  "picture, turned 90° clockwise (or give the map's x,y: `3,-1 90`; x is across "
                  "the top, y down the side). Rotations are 0, 90, 180 or 270 degrees, always "
                  "clockwise. `follower:` takes the number the preview draws on a spot (`2`), "
                  "its words (`north field`, `city`), or `none`; the suggestions list them."),
        t.gettext("**Anytime**: `/carcassonne board` (the map; `view: features` shows who owns "
                  "what), `status`, `tiles`, `export` (the game record), `history` (the moves "
                  "and a score chart), `mygames` (your games on this server)."),
        t.gettext("**Over days**: the bot reminds the player on turn; `snooze` puts a "
                  "reminder off. The host sets a turn `deadline` and can `kick` an absent "
                  "player; players can `vote-end` a stalled game. Server defaults: `settings` "
                  "(Manage Server)."),
        t.gettext("**Your own hours**: `me` keeps your language, time zone, quiet hours (no "
                  "call during them: it comes when they end), how your turn calls you, and "
                  "vacations (your clock paused, within the server's limits)."),
        t.gettext("**Against the AI**: `/carcassonne new ai: 2` seats two AI players "
                  "(or the host presses the 🤖 buttons of the lobby), so you can play alone. "
                  "With the deadline policy `ai`, an AI plays the turn of a player who misses "
                  "their deadline; their next turn is theirs again."),
        t.gettext("**Ratings**: the host's ⭐ Rated button in the lobby makes a game count; "
                  "`/leaderboard` and `/profile` show where everyone stands."),
        t.gettext("**End**: the game ends by itself when the bag is empty; the host or a member "
                  "with Manage Server can `/carcassonne cancel` it."),
        t.gettext("**The game's rules**: `/carcassonne rules` explains them topic by topic: "
                  "how features score, farms, the River, Winter, Hunters and Gatherers, and "
                  "this game's house rules."),
        t.gettext("One game per channel; play as many games as you like in other channels."),
    ]
    return discord.Embed(title=t.gettext("Carcassonne here"), description="\n".join(lines),
                         colour=COLOUR)
