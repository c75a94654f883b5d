"""What a player can get wrong, as exceptions that carry the facts.

Each refusal is a :class:`GameError`: the application layer raises it, the
Discord layer answers it ephemerally, and nothing has changed. A subclass
names the situation and carries its data (who is on turn, which channel);
its ``template`` says it in English, and ``str(error)`` fills it in. Names in
the data are already made safe to show (:func:`bot.names.shown`).
"""

from __future__ import annotations

from typing import Any, ClassVar


class GameError(Exception):
    """A player's action cannot be done; ``str()`` is the sentence for them."""

    template: ClassVar[str] = "{message}"

    def __init__(self, message: str | None = None, **data: Any) -> None:
        self.data = data if message is None else {"message": message, **data}
        super().__init__(self.template.format(**self.data))

    def __str__(self) -> str:
        return self.args[0]


class NoGame(GameError):
    pass


class NotAllowed(GameError):
    pass


class Stale(GameError):
    """The action was meant for an earlier state of the game (an old button or value)."""


class InvalidMove(GameError):
    pass


class BadInput(GameError):
    """Text a player typed that cannot be read."""


class TooLong(BadInput):
    template = "That is too long ({length} characters); write it in a few."


class NotAPlacement(BadInput):
    template = (
        "{text} is not a placement: write x,y and a rotation, for example `3,-1 90`, "
        "or a letter of the picture, for example `B 90`"
    )


class OffTheMap(BadInput):
    template = "{text}: {number} is far off the map"


class BadRotation(BadInput):
    template = "rotation {rotation}° is not one of 0, 90, 180, 270"


class NoSuchLetter(BadInput):
    template = (
        "The picture has no position {letter}: use a letter it shows, or x,y and a rotation"
    )


class NotAPort(BadInput):
    template = "{text} is not a port: use one of {ports} or `none`"


class NotATile(BadInput):
    template = "{text} is not a tile: pick one of your hand from the list"


class NoGameHere(NoGame):
    template = "There is no game in this channel. Open one with `/carcassonne new`."


class NotStarted(NotAllowed):
    template = "This game has not started yet; the host starts it with `/carcassonne start`."


class GameOver(Stale):
    template = "That game is over ({status})."


class EarlierTurn(Stale):
    template = (
        "That is from an earlier turn; the game has moved on. "
        "Use the latest message, or `/carcassonne place`."
    )


class NotYourTurn(NotAllowed):
    template = "It is not your turn: it is {current}'s."


class NotPlaying(NotAllowed):
    template = "You are not playing in this game; it is {current}'s turn."


class HostOnly(NotAllowed):
    """Only the host (or, where said, a member with Manage Server) may do this."""


class OtherChannel(NotAllowed):
    """A component used outside its game's channel (a forged or moved custom id)."""

    template = "That belongs to a game in <#{channel_id}>; use it there."


class DamagedGame(Stale):
    template = (
        "This game's record can no longer be read, so it cannot go on. The host or a member "
        "with Manage Server can end it with `/carcassonne cancel`."
    )


class TooManyLobbies(NotAllowed):
    template = (
        "You already host {count} open games on this server (the limit is {limit}): "
        "start or cancel one of them first."
    )
