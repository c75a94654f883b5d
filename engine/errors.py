"""The engine's exceptions: one base class, messages a player can act on."""

from __future__ import annotations


class EngineError(ValueError):
    """Base class of everything the engine raises on bad input.

    ``rule`` names the rule point broken, if any; ``turn`` the record turn the
    error belongs to, when it comes from a record.
    """

    rule: str | None = None
    turn: int | None = None


class TileDataError(EngineError):
    """A tile catalogue row cannot be read."""


class OptionsError(EngineError):
    """Unknown option, or a value it does not take."""


class RecordError(EngineError):
    """A game record is malformed (not JSON, a missing field, an unknown tile)."""


class IllegalMoveError(EngineError):
    """A move breaks a rule. ``rule`` names the rule point (``"B-10"``)."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(f"{message} ({rule})" if rule else message)
        self.rule = rule
        self.turn: int | None = None
