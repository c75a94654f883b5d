"""The words drawn in pictures, in the reader's language.

:class:`render.Labels` holds every word the renderer draws, English by
default; its English texts are messages of the catalogues under the context
``picture`` (extracted from ``render/labels.py`` itself, with the comments
beside each field as notes for translators; a :class:`render.Counted` label
is a plural message). :func:`picture_labels` gives
the ``Labels`` of a language, to pass as ``labels=`` to ``render_turn``,
``render_preview``, ``render_features``, ``render_hand`` and
``render.score_chart``.
"""

from __future__ import annotations

from dataclasses import fields
from functools import cache, partial
from typing import Any

from engine.options import CARCASSONNE, HUNTERS_AND_GATHERERS
from render.labels import ENGLISH, Counted, Labels

from .catalogues import Messages, messages
from .languages import Language

#: The msgctxt of every word drawn in a picture.
PICTURE = "picture"


@cache
def picture_labels(language: Language | str, game: str = CARCASSONNE) -> Labels:
    """The words of the pictures of ``game`` in ``language`` (from the catalogues)."""
    return labels_of(messages(language), game)


def labels_of(t: Messages, game: str = CARCASSONNE) -> Labels:
    """The words of the pictures of ``game`` in the language of ``t``.

    In Hunters and Gatherers the figures are tribe members and huts, so the
    preview's notes name them instead of followers.
    """
    words: dict[str, Any] = {field.name: _translated(t, getattr(ENGLISH, field.name))
             for field in fields(Labels)}
    if game == HUNTERS_AND_GATHERERS:
        # The context is written out: extraction reads literals only.
        words["no_figure"] = t.pgettext("picture", "no tribe member or hut possible")
        words["figure_spots"] = t.pgettext("picture",
                                           "numbers: where a tribe member or hut may stand")
    return Labels(**words)


def _translated(t: Messages, english: str | Counted) -> str | Counted:
    """One label in the language of ``t``: a counted one says each number in the
    plural form of that language (``npgettext``)."""
    if isinstance(english, Counted):
        return Counted(english.singular, english.plural,
                       partial(t.npgettext, PICTURE, english.singular, english.plural))
    return t.pgettext(PICTURE, english)
