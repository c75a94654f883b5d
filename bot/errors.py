"""What a player can get wrong, as exceptions that carry the facts.

Each refusal is a :class:`GameError`: the application layer raises it, the
Discord layer answers it privately in the reader's language
(:meth:`GameError.text`), and nothing has changed. A subclass names the
situation; its ``message`` is the English sentence (a catalogue msgid,
marked with ``N_``) and its facts fill in the sentence's fields. A raise may
also give its own sentence: ``NotAllowed(N_("You are already in this game."))``.

Facts are plain values (numbers; players' names as written, marked
:class:`bot.names.Name`, which the presenting side escapes:
:func:`bot.words.refusals.refusal_text`), or :class:`~bot.i18n.Term` s, which
are looked up in the reader's language too. ``str(error)`` is the English sentence (logs,
tests).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, ClassVar

from .i18n import N_, SOURCE, Messages, Term, messages
from .i18n.terms import FEATURES


class GameError(Exception):
    """A player's action cannot be done; :meth:`text` is the sentence for them."""

    message: ClassVar[str] = ""

    def __init__(self, message: str | None = None, /, **facts: Any) -> None:
        self.sentence = message or type(self).message
        self.facts = facts
        super().__init__(self.sentence)

    def text(self, t: Messages) -> str:
        """The refusal in ``t``'s language."""
        return t.gettext(self.sentence, **self.filled(t))

    def filled(self, t: Messages) -> dict[str, Any]:
        """The facts, with the words among them in ``t``'s language."""
        return {name: t.term(value) if isinstance(value, Term) else value
                for name, value in self.facts.items()}

    def __str__(self) -> str:
        return self.text(messages(SOURCE))


class NoGame(GameError):
    pass


class NotAllowed(GameError):
    pass


class Stale(GameError):
    """The action was meant for an earlier state of the game (an old button or value)."""


class InvalidMove(GameError):
    """The engine refused a move (see :mod:`bot.illegal` for the words)."""


class BadInput(GameError):
    """Text a player typed that cannot be read."""


class TooLong(BadInput):
    message = N_("That is too long ({length} characters); write it in a few.")


class NotAPlacement(BadInput):
    message = N_(
        "{text} is not a place for the tile: write a letter of the picture and a rotation, "
        "for example `B 90`, or x,y and a rotation, for example `3,-1 90`.")


class OffTheMap(BadInput):
    message = N_("{text}: {number} is far off the map.")


class BadRotation(BadInput):
    message = N_(
        "{rotation}° is not a rotation: the tile turns clockwise by 0, 90, 180 or 270 degrees.")


class NoSuchLetter(BadInput):
    message = N_("The picture has no place {letter}: use a letter it shows, or x,y and a "
                 "rotation.")


class NotATile(BadInput):
    message = N_("{text} is not a tile: pick one of your hand from the list.")


class LetterAndPosition(BadInput):
    """A letter and coordinates that name two different places."""

    message = N_("{letter} is at {position}, not at {given}: give one or the other.")


class WhichRotation(BadInput):
    """A place given without a rotation where the tile fits in more than one way."""

    def __init__(self, where: str, rotations: Sequence[int]) -> None:
        super().__init__(where=where, rotations=tuple(rotations))

    def text(self, t: Messages) -> str:
        rotations = self.facts["rotations"]
        return t.gettext(
            "At {where} the tile fits turned {rotations}: add the rotation, for example "
            "`{where} {example}`.",
            where=self.facts["where"], rotations=rotation_list(t, rotations),
            example=rotations[-1])


class NotASpot(BadInput):
    """A follower that names no spot of the preview. ``features``: the kinds of
    feature of the preview's spots; the answer suggests the first two as words to
    type ("road" or "city", "forest" or "river": the game's own)."""

    def __init__(self, text: str, count: int, features: Sequence[str]) -> None:
        super().__init__(text=text, count=count, features=tuple(dict.fromkeys(features))[:2])

    def text(self, t: Messages) -> str:
        count = self.facts["count"]
        words = t.list([f"`{t.term(FEATURES[kind])}`" for kind in self.facts["features"]],
                       "or")
        # Translators: {words} are one or two words of the preview's features in backticks,
        # joined by "or" ("`road` or `city`"); `none`: your language's word for no follower
        # (one of your "none, no, nothing").
        return t.ngettext(
            "{text} is not a follower spot here: give the number of the spot on the preview "
            "(1), a word such as {words}, or `none`.",
            "{text} is not a follower spot here: give the number of a spot on the preview "
            "(1 to {count}), a word such as {words}, or `none`.",
            count, text=self.facts["text"], words=words)


class NoSpots(BadInput):
    message = N_("Nothing can stand on this tile there: leave out the follower.")


class NoFollowerLeft(BadInput):
    """A follower asked for by a player whose supply is empty. ``figure``: the game's
    word for a follower (a tribe member in Hunters and Gatherers)."""

    message = N_("You have no {figure} left: play the tile without one (a figure comes "
                 "back when its feature is completed).")


class WhichSpot(BadInput):
    """Words that fit several spots: the spots, as "2: the north field"."""

    message = N_("{text} could be {spots}: give the number.")


class NoGameHere(NoGame):
    message = N_("There is no game in this channel. Open one with `/carcassonne new`.")


class NotStarted(NotAllowed):
    message = N_(
        "This game has not started yet; the host starts it with `/carcassonne start`.")


class GameOver(Stale):
    message = N_("That game is over ({status}).")


class EarlierTurn(Stale):
    message = N_(
        "That is from an earlier turn; the game has moved on. "
        "Use the latest message, or `/carcassonne place`.")


class NotYourTurn(NotAllowed):
    message = N_("It is not your turn: it is {current}'s.")


class NotPlaying(NotAllowed):
    message = N_("You are not playing in this game; it is {current}'s turn.")


class HostOnly(NotAllowed):
    """Only the host (or, where said, a member with Manage Server) may do this."""


class OtherChannel(NotAllowed):
    """A component used outside its game's channel (a forged or moved custom id)."""

    message = N_("That belongs to a game in {channel}; use it there.")


class DamagedGame(Stale):
    message = N_(
        "This game's record can no longer be read, so it cannot go on. The host or a member "
        "with Manage Server can end it with `/carcassonne cancel`.")


class TooManyLobbies(NotAllowed):
    def __init__(self, count: int, limit: int) -> None:
        super().__init__(count=count, limit=limit)

    def text(self, t: Messages) -> str:
        return t.ngettext(
            "You already host {count} open game on this server (the limit is {limit}): "
            "start or cancel it first.",
            "You already host {count} open games on this server (the limit is {limit}): "
            "start or cancel one of them first.",
            self.facts["count"], limit=self.facts["limit"])


class OtherChannels(NotAllowed):
    """A server that allows games in some channels only, asked for one elsewhere:
    ``channels`` are their ids (the Discord side links them:
    :func:`bot.words.refusals.refusal_text`)."""

    message = N_("Games on this server are played in {channels}.")

    def __init__(self, channels: tuple[int, ...]) -> None:
        super().__init__(channels=" ".join(f"#{c}" for c in channels))
        self.channels = channels


class NotStalled(NotAllowed):
    """A vote to end a game whose turn has not waited long enough: ``began`` when the
    turn began, ``until`` when a vote counts (the Discord side shows them as
    timestamps: :func:`bot.words.refusals.refusal_text`)."""

    message = N_("The game is not stalled: {current}'s turn began {began}. You can vote to "
                 "end it from {time}.")

    def __init__(self, current: str, began: datetime, until: datetime) -> None:
        super().__init__(current=current, began=f"{began:%Y-%m-%d %H:%M} UTC",
                         time=f"{until:%Y-%m-%d %H:%M} UTC")
        self.current, self.began, self.until = current, began, until


class AlreadyVoted(NotAllowed):
    """A second ``vote-end`` by the same player in the same turn: answered to them alone
    (the table saw the tally once). ``missing``: the names of those still to vote."""

    message = N_("You have voted to end this game already; it ends when {missing} also vote.")

    def __init__(self, missing: tuple[str, ...]) -> None:
        super().__init__()
        self.missing = missing

    def filled(self, t: Messages) -> dict[str, Any]:
        return {"missing": t.list([f"**{name}**" for name in self.missing])}


class PlayerCount(NotAllowed):
    """Starting a game with too few (or too many) players."""

    def __init__(self, count: int, low: int, high: int) -> None:
        super().__init__(count=count, low=low, high=high)

    def text(self, t: Messages) -> str:
        return t.ngettext(
            "A game needs {low} to {high} players; this one has {count}.",
            "A game needs {low} to {high} players; this one has {count}.",
            self.facts["count"], low=self.facts["low"], high=self.facts["high"])


def rotation_list(t: Messages, rotations: Sequence[int]) -> str:
    """"90°", "90° or 270°", "0°, 90°, or 180°": the rotations a place allows."""
    return t.list([f"{r}°" for r in rotations], "or")
