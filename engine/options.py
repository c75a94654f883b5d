"""Game options: the rule variants and house rules a game is played with."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from .errors import OptionsError

CARCASSONNE = "carcassonne"
HUNTERS_AND_GATHERERS = "hunters-and-gatherers"
GAMES = (CARCASSONNE, HUNTERS_AND_GATHERERS)


@dataclass(frozen=True)
class Options:
    """Options as named in ``shared/spec/game-record.md``; defaults are the rule book's."""

    game: str = CARCASSONNE
    farmers: str = "3rd"
    small_city: bool = False
    river: bool = False
    winter: bool = False
    unfinished: bool = True
    hand: int = 1
    discards: str = "out"

    def __post_init__(self) -> None:
        _check_choice("game", self.game, GAMES)
        _check_choice("farmers", self.farmers, ("3rd", "1st", "off"))
        _check_choice("discards", self.discards, ("out", "back"))
        for name in ("small_city", "river", "winter", "unfinished"):
            if not isinstance(getattr(self, name), bool):
                value = getattr(self, name)
                raise OptionsError(f"option {name!r} takes true or false, not {value!r}")
        if isinstance(self.hand, bool) or not isinstance(self.hand, int) or not 1 <= self.hand <= 3:
            raise OptionsError(f"option 'hand' takes 1 to 3, not {self.hand!r}")
        if self.game == HUNTERS_AND_GATHERERS:
            for name in ("river", "winter", "small_city"):
                if getattr(self, name):
                    raise OptionsError(
                        f"option {name!r} is for Carcassonne, not Hunters and Gatherers")
            if self.farmers != "3rd":
                raise OptionsError("option 'farmers' is for Carcassonne, not Hunters and Gatherers")

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None, game: str | None = None) -> Options:
        """Options from a record's ``options`` object; unknown keys are an error."""
        data = dict(data or {})
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise OptionsError(f"unknown option {unknown[0]!r}; known: {', '.join(sorted(known))}")
        if game is not None:
            if data.get("game", game) != game:
                raise OptionsError(
                    f"option game {data['game']!r} contradicts the record's {game!r}")
            data["game"] = game
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        """The options that differ from the defaults (``game`` lives beside them)."""
        defaults = Options(game=self.game)
        return {k: v for k, v in asdict(self).items() if k != "game" and getattr(defaults, k) != v}


def _check_choice(name: str, value: object, choices: tuple[str, ...]) -> None:
    if value not in choices:
        allowed = ", ".join(map(repr, choices))
        raise OptionsError(f"option {name!r} takes one of {allowed}, not {value!r}")
