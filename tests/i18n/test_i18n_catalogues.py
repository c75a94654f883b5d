"""The catalogues: complete, consistent with the code, plural forms per language."""

from __future__ import annotations

import io
import tokenize
from pathlib import Path

import pytest
from i18n_support import catalogue_of, write_catalogue

from bot.discord.client import command_tree
from bot.i18n import TRANSLATED, Language, messages
from bot.i18n.__main__ import main
from bot.i18n.catalogues import TEMPLATE, Term
from bot.i18n.checks import (
    broken_problems,
    catalogue_problems,
    catalogue_report,
    fields,
    read_catalogue,
    template_problems,
)
from bot.i18n.extract import ROOT, build_template, command_messages
from bot.i18n.terms import GOODS, POINT_COUNT, TILE_COUNT
from bot.i18n.translator import DESCRIPTION, NAME


def _keys(catalog):
    return {(m.context, m.id) for m in catalog if m.id}


def test_no_catalogue_is_broken():
    # Same fields, plural forms, Discord's limits, every entry of the template:
    # what must hold even while translations are still to come.
    assert broken_problems() == []


@pytest.mark.parametrize("language", TRANSLATED, ids=str)
def test_every_message_is_translated_with_the_same_fields(language):
    assert catalogue_problems(language) == []


async def test_the_template_holds_exactly_what_the_code_marks():
    # Fails when a message was added or changed without `python -m bot.i18n update`.
    commands = await command_messages(await command_tree())
    assert _keys(build_template(commands)) == _keys(read_catalogue(TEMPLATE))


def test_check_command_reports_nothing_broken(capsys):
    assert main(["check", "--allow-untranslated"]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1].startswith("0 broken, ")


def test_check_tells_untranslated_entries_apart_from_broken_ones(tmp_path):
    template = _template(tmp_path, [(None, "{name} joined"), (None, "Game over"),
                                    (None, "Start"), (None, "New in the code")])
    catalogue = write_catalogue(tmp_path / "hu.po", Language.HUNGARIAN, [
        (None, "{name} joined", "{nev} csatlakozott"),  # broken
        (None, "Game over", ""),  # untranslated
        (None, "Start", "Kezdés"),
    ], fuzzy={"Start"})
    report = catalogue_report(Language.HUNGARIAN, template, catalogue)
    assert len(report.broken) == 1 and "{nev}" in report.broken[0]
    assert [p.split(": ")[-1] for p in report.untranslated] == [
        "not translated", "fuzzy (check the translation, then remove the fuzzy flag)",
        "missing (run python -m bot.i18n update)"]  # awaits its translator too


@pytest.mark.parametrize("language, forms", [
    (Language.ENGLISH, ["1 point", "2 points", "20 points", "101 points"]),
    (Language.ESPERANTO, ["1 poento", "2 poentoj", "20 poentoj", "101 poentoj"]),
    (Language.ROMANIAN, ["1 punct", "2 puncte", "20 de puncte", "101 puncte"]),
    (Language.HUNGARIAN, ["1 pont", "2 pont", "20 pont", "101 pont"]),
    (Language.CHINESE, ["1 分", "2 分", "20 分", "101 分"]),
])
def test_plural_forms_follow_each_languages_rule(language, forms):
    t = messages(language)
    assert [t.term(POINT_COUNT, n) for n in (1, 2, 20, 101)] == forms


def test_each_catalogue_compiles_with_its_number_of_plural_forms():
    # Romanian three, Hungarian two (not Babel's one), Chinese one.
    expected = {Language.ESPERANTO: 2, Language.ROMANIAN: 3, Language.HUNGARIAN: 2,
                Language.CHINESE: 1}
    for language in TRANSLATED:
        plural = messages(language).translations.plural
        assert len({plural(n) for n in range(200)}) == expected[language], language


def test_romanian_counts_take_de_from_twenty():
    t = messages(Language.ROMANIAN)
    assert t.term(GOODS["mammoth"], 19) == "19 mamuți"
    assert t.term(GOODS["mammoth"], 20) == "20 de mamuți"
    assert t.term(TILE_COUNT, 0) == "0 cartonașe"


def test_a_term_with_a_plural_needs_a_number():
    with pytest.raises(TypeError, match="give a number"):
        messages(Language.HUNGARIAN).term(TILE_COUNT)


def test_fields_are_read_by_parsing():
    assert fields("{name} scores {count:d} points{{!}}") == {("name", None, ""),
                                                            ("count", None, "d")}
    with pytest.raises(ValueError):
        fields("{name")


def _template(tmp_path, entries):
    return read_catalogue(write_catalogue(tmp_path / "t.pot", Language.ENGLISH,
                                          [(c, i, "" if isinstance(i, str) else ("", ""))
                                           for c, i in entries]))


def test_the_checker_finds_every_kind_of_broken_catalogue(tmp_path):
    template = _template(tmp_path, [
        (None, "{name} joined"),
        (None, ("{count} tile left", "{count} tiles left")),
        (None, "Game over"),
        (None, "Fuzzy one"),
        (NAME, "settings"),
        (DESCRIPTION, "Change the server's defaults"),
    ])
    broken = write_catalogue(tmp_path / "ro.po", Language.ROMANIAN, [
        (None, "{name} joined", "{nume} s-a alăturat"),  # a translated field name
        (None, ("{count} tile left", "{count} tiles left"),
         ("a rămas un cartonaș", "au rămas cartonașe", "au rămas {count} de cartonașe")),
        (None, "Fuzzy one", "Unu"),
        (NAME, "settings", "Setări"),  # uppercase
        (DESCRIPTION, "Change the server's defaults", "x" * 101),
        (None, "Gone from the code", "Dispărut"),
    ], fuzzy={"Fuzzy one"}, header_fuzzy=True)
    problems = "\n".join(catalogue_problems(Language.ROMANIAN, template, broken))
    assert "header is fuzzy" in problems
    assert "'{name} joined'" in problems and "{nume}" in problems
    assert "au rămas cartonașe" in problems  # the form for 2-19 lost its number
    assert "'Game over': missing" in problems
    assert "'Fuzzy one': fuzzy" in problems
    assert "'Setări'" in problems
    assert "description of 101 characters" in problems
    assert "'Gone from the code' is not in the template" in problems


def test_the_form_for_one_may_leave_out_the_number_but_not_in_chinese(tmp_path):
    plural = ("{count} tile left", "{count} tiles left")
    template = _template(tmp_path, [(None, plural)])
    romanian = write_catalogue(tmp_path / "ro.po", Language.ROMANIAN, [
        (None, plural, ("a rămas un cartonaș", "au rămas {count} cartonașe",
                        "au rămas {count} de cartonașe"))])
    chinese = write_catalogue(tmp_path / "zh.po", Language.CHINESE, [
        (None, plural, ("还剩一张方块",))])
    assert catalogue_problems(Language.ROMANIAN, template, romanian) == []
    assert "fields none" in " ".join(catalogue_problems(Language.CHINESE, template, chinese))


def test_the_template_checker_wants_named_fields_and_valid_names(tmp_path):
    template = _template(tmp_path, [
        (None, "{} joined"),
        (None, ("{count} tile of {name}", "{count} tiles")),
        (NAME, "New Game"),
    ])
    problems = "\n".join(template_problems(template))
    assert "positional field" in problems
    assert "singular and plural name other fields" in problems
    assert "'New Game'" in problems


def test_a_broken_translation_reads_as_english_instead_of_failing(tmp_path, caplog):
    t = catalogue_of(tmp_path, Language.HUNGARIAN, [(None, "{name} joined", "{nev} csatlakozott")])
    assert t.gettext("{name} joined", name="Béla") == "Béla joined"
    assert "does not fill in" in caplog.text


def test_a_fuzzy_translation_is_not_used(tmp_path):
    t = catalogue_of(tmp_path, Language.ESPERANTO, [(None, "Start", "Komencu")], fuzzy={"Start"})
    assert t.gettext("Start") == "Start"
    assert not t.has("Start")


def test_context_tells_apart_two_meanings(tmp_path):
    t = catalogue_of(tmp_path, Language.HUNGARIAN, [
        ("feature", "lake", "tó"), ("tile", "lake", "tókártya"), (None, "lake", "tavacska")])
    assert t.term(Term("feature", "lake")) == "tó"
    assert t.term(Term("tile", "lake")) == "tókártya"
    assert t.gettext("lake") == "tavacska"
    assert t.has("lake", "tile") and not t.has("lake", "option")


def test_the_notes_beside_each_picture_word_reach_the_translators():
    template = read_catalogue(TEMPLATE)
    turn_title = template.get("{name} to play", context="picture")
    assert turn_title.auto_comments == [
        "Above the turn picture. Fields: ``{name}`` of the player on turn."]
    # Fields without notes of their own share the notes above them.
    assert template.get("unclaimed", context="picture").auto_comments == [
        "Feature view: title, and the key of its markings."]


def _translators_notes(path: Path) -> list[str]:
    """Each ``# Translators:`` comment of a source file, its lines joined."""
    notes: list[list[str]] = []
    block: list[str] | None = None
    last = 0
    for token in tokenize.generate_tokens(io.StringIO(path.read_text()).readline):
        if token.type == tokenize.COMMENT:
            text, line = token.string.lstrip("#").strip(), token.start[0]
            if text.startswith("Translators:"):
                block = [text]
                notes.append(block)
            elif block is not None and line == last + 1:
                block.append(text)
            else:
                block = None
            last = line
        elif token.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.INDENT,
                                tokenize.DEDENT):
            block = None
    return [" ".join(" ".join(note).split()) for note in notes]


def test_regression_every_translators_note_of_the_code_reaches_the_template():
    """The note on the page buttons' labels stood above an ``if``, not above the call
    of their message, so extraction dropped it and translators never read it. Every
    ``# Translators:`` comment must sit just above its message's call."""
    template = read_catalogue(TEMPLATE)
    shown = [" ".join(" ".join(m.auto_comments).split()) for m in template if m.id]
    lost = [(str(path), note) for path in sorted((ROOT / "bot").rglob("*.py"))
            for note in _translators_notes(path)
            if not any(note in comments for comments in shown)]
    assert not lost, lost
    for label in ("◀ Page {page}", "Page {page} ▶"):
        assert "page of places" in " ".join(template.get(label).auto_comments), label
