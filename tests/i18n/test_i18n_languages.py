"""Which language a reader gets, and the words of the game in every language."""

from __future__ import annotations

from dataclasses import fields

import discord
import pytest

from bot.i18n import Language, messages, parse_language, reader_language, server_language
from bot.i18n.terms import (
    FARMER_RULES,
    FEATURE_HEADINGS,
    FEATURES,
    GAMES,
    GOODS,
    LANGUAGE_NAMES,
    OPTIONS,
    ROLES,
    TILES,
    figure_count,
    figure_name,
    language_name,
)
from engine.figures import ROLES as ENGINE_ROLES
from engine.options import CARCASSONNE, HUNTERS_AND_GATHERERS, Options
from engine.options import GAMES as ENGINE_GAMES
from engine.tiles import AREA_KINDS, CLOSABLE_KINDS, LAKE, LINEAR_KINDS
from engine.tiles import GOODS as ENGINE_GOODS

HU, RO, EO, ZH, EN = (Language.HUNGARIAN, Language.ROMANIAN, Language.ESPERANTO,
                      Language.CHINESE, Language.ENGLISH)


def test_a_players_own_choice_comes_first():
    assert reader_language("eo", "hu", server=RO) is EO
    assert reader_language("zh_Hans", discord.Locale.american_english, server=HU) is ZH


def test_then_their_discord_locale_then_the_server():
    assert reader_language(None, "hu", server=RO) is HU
    assert reader_language(None, discord.Locale.chinese, server=EN) is ZH
    # An English client reads English even on a Hungarian server.
    assert reader_language(None, discord.Locale.british_english, server=HU) is EN
    # Locales we do not speak (French, Traditional Chinese) fall to the server.
    assert reader_language(None, "fr", server=RO) is RO
    assert reader_language(None, "zh-TW", server=HU) is HU
    assert reader_language(None, None, server=EO) is EO


def test_esperanto_is_only_ever_chosen():
    # Discord has no Esperanto locale: no client or server locale gives it.
    for locale in discord.Locale:
        assert reader_language(None, locale, server=EN) is not EO
        assert server_language(None, locale) is not EO
    assert server_language("eo", "hu") is EO


def test_a_servers_language_is_its_setting_then_its_discord_locale_then_english():
    assert server_language("ro", "hu") is RO
    assert server_language(None, "hu") is HU
    assert server_language(None, "en-US") is EN
    assert server_language(None, "ja") is EN
    assert server_language(None, None) is EN


def test_an_unknown_stored_language_is_ignored():
    assert parse_language("klingon") is None
    assert parse_language("") is None
    assert reader_language("klingon", "ro", server=HU) is RO


def test_every_word_of_the_engine_has_a_term():
    # "river system": what huts score at the end of Hunters and Gatherers (HG-52).
    assert set(FEATURES) == set(FEATURE_HEADINGS) == (
        LINEAR_KINDS | AREA_KINDS | CLOSABLE_KINDS | {"cloister", LAKE, "river system"})
    # The hut, the builder and the pig are what they are, not a role of a feature.
    assert set(ROLES) == set(ENGINE_ROLES.values()) | {"hut", "builder", "pig"}
    assert set(GOODS) == set(ENGINE_GOODS)
    assert set(GAMES) == set(ENGINE_GAMES)
    assert set(OPTIONS) == {f.name for f in fields(Options)} - {"game"}
    assert set(FARMER_RULES) == {"3rd", "1st", "off"}
    assert set(LANGUAGE_NAMES) == set(Language)


@pytest.mark.parametrize("language, words", [
    (EN, ("follower", "tribe member", "hut", "3 followers")),
    (EO, ("hometo", "tribano", "kabano", "3 hometoj")),
    (RO, ("supus", "membru de trib", "colibă", "3 supuși")),
    (HU, ("alattvaló", "törzstag", "kunyhó", "3 alattvaló")),
    (ZH, ("队员", "部落成员", "小屋", "3 名队员")),
])
def test_figures_are_named_as_the_glossary_says(language, words):
    t = messages(language)
    assert (figure_name(t, "meeple", CARCASSONNE), figure_name(t, "meeple", HUNTERS_AND_GATHERERS),
            figure_name(t, "hut", HUNTERS_AND_GATHERERS),
            figure_count(t, "meeple", CARCASSONNE, 3)) == words


def test_there_is_no_hut_in_carcassonne():
    with pytest.raises(ValueError, match="no figure 'hut' in the game 'carcassonne'"):
        figure_name(messages(EN), "hut", CARCASSONNE)


def test_the_rule_books_own_words_are_used():
    # docs/glossary.md: the word each seed rule book uses.
    assert messages(EO).term(ROLES["thief"]) == "bandito"
    assert messages(RO).term(ROLES["farmer"]) == "țăran"
    assert messages(HU).term(FEATURES["meadow"]) == "tisztás"
    assert messages(HU).term(GAMES[HUNTERS_AND_GATHERERS]) == "Vadászok és gyűjtögetők"
    assert messages(RO).term(GAMES[HUNTERS_AND_GATHERERS]) == "Vânători și culegători"
    assert messages(ZH).term(FEATURES["cloister"]) == "寺院"
    assert messages(ZH).term(TILES["start"]) == "起始方块"


def test_language_names_add_the_endonym_when_they_differ():
    assert language_name(messages(RO), HU) == "maghiară (Magyar)"
    assert language_name(messages(HU), HU) == "magyar"
    assert language_name(messages(ZH), ZH) == "简体中文"
    assert language_name(messages(EN), EO) == "Esperanto"


def test_regression_a_language_name_in_running_text_keeps_the_readers_case():
    """"I will answer you in Magyar": the menu's endonym, capitalised, stood in the
    middle of a Hungarian sentence, and "Română", "Esperanto" in Romanian ones, which
    write language names in lower case; the reader's own word is used."""
    assert language_name(messages(RO), RO) == "română"
    assert language_name(messages(RO), EO) == "esperanto"
    assert language_name(messages(HU), EO) == "eszperantó (Esperanto)"
    assert language_name(messages(EO), EO) == "Esperanto"  # Esperanto writes it so
