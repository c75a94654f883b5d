"""Game options: the rule variants and house rules a game is played with."""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

from .errors import OptionsError, OptionsProblem


class GameName(StrEnum):
    """The games this engine plays, as records name them."""

    CARCASSONNE = "carcassonne"
    HUNTERS_AND_GATHERERS = "hunters-and-gatherers"


class FarmEdition(StrEnum):
    """How farmers score (B-41; V-1 to V-8), or no farmers at all."""

    THIRD = "3rd"
    FIRST = "1st"
    OFF = "off"


class Discards(StrEnum):
    """Where a tile that fits nowhere goes (B-12; house rule H-3)."""

    OUT = "out"
    BACK = "back"


CARCASSONNE = GameName.CARCASSONNE
HUNTERS_AND_GATHERERS = GameName.HUNTERS_AND_GATHERERS
GAMES = tuple(GameName)
#: The fewest players a game takes (the most: :attr:`Options.max_players`).
MIN_PLAYERS = 2
#: The options of Carcassonne that Hunters and Gatherers does not take (D-41).
_CARCASSONNE_ONLY = ("river", "winter", "small_city", "inns_cathedrals", "traders_builders")


@dataclass(frozen=True)
class Options:
    """Options as named in ``docs/game-record.md``; defaults are the rule book's.

    The choices are enums; their text values (``"3rd"``, ``"back"``) are accepted
    too and compare equal to them.
    """

    game: GameName = CARCASSONNE
    farmers: FarmEdition = FarmEdition.THIRD
    small_city: bool = False
    river: bool = False
    winter: bool = False
    unfinished: bool = True
    hand: int = 1
    discards: Discards = Discards.OUT
    #: Inns & Cathedrals (IC-1 to IC-34): its tiles, big followers, inns, cathedrals.
    inns_cathedrals: bool = False
    #: Traders & Builders (TB-1 to TB-37): its tiles, builders, pigs, trade goods.
    traders_builders: bool = False

    def __post_init__(self) -> None:
        for name, kind in (("game", GameName), ("farmers", FarmEdition), ("discards", Discards)):
            object.__setattr__(self, name, _choice(name, getattr(self, name), kind))
        for name in ("small_city", "river", "winter", "unfinished", "inns_cathedrals",
                     "traders_builders"):
            if not isinstance(getattr(self, name), bool):
                value = getattr(self, name)
                raise OptionsError(f"option {name!r} takes true or false, not {value!r}",
                                   OptionsProblem.NOT_A_SWITCH, option=name, value=value)
        if isinstance(self.hand, bool) or not isinstance(self.hand, int) or not 1 <= self.hand <= 3:
            raise OptionsError(f"option 'hand' takes 1 to 3, not {self.hand!r}",
                               OptionsProblem.OUT_OF_RANGE, option="hand", value=self.hand,
                               low=1, high=3)
        if self.game == HUNTERS_AND_GATHERERS:
            for name in _CARCASSONNE_ONLY:  # D-41
                if getattr(self, name):
                    raise _not_for_hunters(name)
            if self.farmers != "3rd":
                raise _not_for_hunters("farmers")

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None, game: str | None = None) -> Options:
        """Options from a record's ``options`` object; unknown keys are an error."""
        data = dict(data or {})
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise OptionsError(f"unknown option {unknown[0]!r}; known: {', '.join(sorted(known))}",
                               OptionsProblem.UNKNOWN_OPTION, option=unknown[0],
                               known=tuple(sorted(known)))
        if game is not None:
            if data.get("game", game) != game:
                raise OptionsError(
                    f"option game {data['game']!r} contradicts the record's {game!r}",
                    OptionsProblem.CONTRADICTS_RECORD, option="game", value=data["game"],
                    game=game)
            data["game"] = game
        return cls(**data)

    @property
    def max_players(self) -> int:
        """Seats: a sixth colour comes only with Inns & Cathedrals (IC-8, IC-O1, TB-O8)."""
        return 6 if self.inns_cathedrals else 5

    def to_dict(self) -> dict[str, Any]:
        """The options that differ from the defaults (``game`` lives beside them), as
        JSON values."""
        defaults = Options(game=self.game)
        changed = {}
        for option in fields(self):
            value = getattr(self, option.name)
            if option.name != "game" and getattr(defaults, option.name) != value:
                changed[option.name] = value.value if isinstance(value, StrEnum) else value
        return changed


def _choice(name: str, value: Any, kind: type[StrEnum]) -> StrEnum:
    try:
        return kind(value)
    except ValueError:
        allowed = tuple(member.value for member in kind)
        raise OptionsError(f"option {name!r} takes one of {', '.join(map(repr, allowed))}, "
                           f"not {value!r}", OptionsProblem.NOT_A_CHOICE, option=name,
                           value=value, allowed=allowed) from None


def _not_for_hunters(name: str) -> OptionsError:
    return OptionsError(f"option {name!r} is for Carcassonne, not Hunters and Gatherers",
                        OptionsProblem.NOT_FOR_THIS_GAME, option=name,
                        game=HUNTERS_AND_GATHERERS)
