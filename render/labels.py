"""Every word the pictures show, in one value the bot can translate.

Render functions take ``labels=Labels(...)``; the defaults are English. A
field is a plain string or a ``str.format`` template whose fields are named
in its comment, so a translation catalogue can carry them as they are; a
label that says a number in words that depend on it is :class:`Counted`.
Nothing else in :mod:`render` draws a word (numbers, coordinates, tile ids,
player names and marks are not words).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Counted:
    """A label that says a number, whose words depend on it ("+1 more place", "+2
    more places"): its English forms, ``{count}`` in each (a catalogue's msgid and
    msgid_plural), and, in another language, ``say``: the text for a number in the
    plural form that language gives it, filled in (the catalogue's ``ngettext``)."""

    singular: str
    plural: str
    say: Callable[[int], str] | None = None

    def __call__(self, count: int) -> str:
        if self.say is not None:
            return self.say(count)
        return (self.singular if count == 1 else self.plural).format(count=count)


@dataclass(frozen=True)
class Labels:
    #: Beside the tile (or tiles, with a hand) the player on turn must place, on the
    #: turn picture and under the move-choice picture.
    to_place: str = "to place"
    #: Above the turn picture. Fields: ``{name}`` of the player on turn.
    turn_title: str = "{name} to play"
    #: When some legal positions lie outside the turn picture: how many. Fields: ``{count}``.
    more_positions: Counted = Counted("+{count} more place on the full map",
                                      "+{count} more places on the full map")
    #: Explains the numbered tiles of the turn picture and map.
    since_last_turn: str = "1, 2, 3\u2026: tiles placed since your last turn"
    #: When some of those tiles lie outside the turn picture: their numbers. Fields:
    #: ``{numbers}`` ("2, 3").
    recent_elsewhere: str = "{numbers}: off this picture, on the full map"
    #: Under the preview. Fields: ``{tile}`` id, ``{position}`` ("3,-1"), ``{rotation}``.
    preview_caption: str = "{tile} at {position}, rotation {rotation}"
    #: Under the preview when no figure may be placed on the tile.
    no_figure: str = "no follower possible"
    #: Under the preview: what the numbered spots are.
    figure_spots: str = "numbers: where a follower may stand"
    #: Under the preview when a spot takes an expansion's figure: the marks after
    #: the numbers (keep the symbols ✚ ⚒ ● as they are).
    figure_marks: str = "✚ big follower   ⚒ builder   ● pig"
    #: Under a hand of tiles. Fields: ``{count}``.
    hand_title: str = "your tiles ({count})"
    #: Feature view: title, and the key of its markings.
    features_title: str = "Who owns what"
    contested: str = "contested"
    unclaimed: str = "unclaimed"
    #: Score chart: title, axis names, and the last point (final scoring).
    chart_title: str = "Scores over the game"
    chart_turn: str = "turn"
    chart_points: str = "points"
    chart_end: str = "end"
    #: The key of a reviewed turn's picture, after a ✓ badge: the AI's move.
    #: Fields: ``{points}``, how many expected points it is worth more ("2.5").
    review_better: str = "the AI's choice: {points} points more"
    #: After a ✗ badge: the move that was played, drawn faded.
    review_played: str = "faded: the move played"
    #: After a ✗ badge, when the move played was at the same place as the AI's.
    review_played_here: str = "the move played: the same place, turned or claimed otherwise"


ENGLISH = Labels()
