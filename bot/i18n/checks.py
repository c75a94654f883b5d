"""What a catalogue must be before it ships, as lists of problems.

The tests assert these lists are empty, and ``python -m bot.i18n check``
prints them, so a translator sees every problem at once, one line each:

- the template: every field is named (``{name}``, never ``{}``), singular and
  plural name the same fields, English command and option names obey
  Discord's rules;
- each catalogue: the right ``Plural-Forms`` for its language; every message
  of the template, translated (not fuzzy, every plural form filled in); no
  message the template lacks; the same fields as the English, found by
  parsing both; Discord's rules for command names, descriptions and choices.

Untranslated entries (empty, fuzzy, or not merged into the catalogue yet: the
translator's work still to do) are told apart from broken ones
(:class:`Report`): a catalogue may ship incomplete, its missing entries read
as English, but never broken. A message new in the code reaches each catalogue
when ``python -m bot.i18n update`` merges the template into it; until then it
awaits its translator like an empty entry (a branch that adds messages leaves
the catalogues to their translators), and the template test catches a
template that was not extracted again.
"""

from __future__ import annotations

import string
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from .catalogues import TEMPLATE, catalogue_path
from .command_limits import CHOICE_LIMIT, DESCRIPTION_LIMIT, NAME_LIMIT, is_valid_name
from .languages import TRANSLATED, Language
from .translator import CHOICE, DESCRIPTION, NAME

Field = tuple[str, str | None, str]


def read_catalogue(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as po:
        return read_po(po, locale=locale)


def fields(text: str) -> set[Field]:
    """The replacement fields of a ``str.format`` text: ``(name, conversion, spec)``.

    Raises ValueError for a text ``str.format`` cannot read (an unpaired brace).
    """
    return {(name, conversion, spec or "")
            for _, name, spec, conversion in string.Formatter().parse(text) if name is not None}


def _forms(value: str | tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return tuple(value) if isinstance(value, (tuple, list)) else (value,)


def _label(message: Message) -> str:
    english = _forms(message.id)[0]
    return f"{message.context}|{english!r}" if message.context else repr(english)


def _field_problems(where: str, text: str) -> tuple[set[Field], list[str]]:
    try:
        found = fields(text)
    except ValueError as exc:
        return set(), [f"{where}: {text!r} is not a format string ({exc}); double a literal brace"]
    if any(name == "" or name.isdigit() for name, _, _ in found):
        return found, [f"{where}: {text!r} has a positional field; name every field ({{name}})"]
    return found, []


def template_problems(template: Catalog | None = None) -> list[str]:
    """What is wrong with the English template."""
    template = template or read_catalogue(TEMPLATE)
    problems: list[str] = []
    for message in template:
        if not message.id:
            continue
        forms = _forms(message.id)
        found = []
        for text in forms:
            names, wrong = _field_problems(f"template {_label(message)}", text)
            found.append({f for f in names if f[0] != "count"})
            problems += wrong
        if any(f != found[0] for f in found):
            problems.append(f"template {_label(message)}: singular and plural name other fields")
        problems += _discord_problems(f"template {_label(message)}", message.context, forms)
    return problems


def _discord_problems(where: str, context: str | None, texts: tuple[str, ...]) -> list[str]:
    problems = []
    for text in texts:
        if context == NAME and not is_valid_name(text):
            problems.append(f"{where}: command name {text!r} must be 1-{NAME_LIMIT} lowercase "
                            "letters, digits, '-', '_' or \"'\"")
        if context == DESCRIPTION and not 1 <= len(text) <= DESCRIPTION_LIMIT:
            problems.append(f"{where}: description of {len(text)} characters "
                            f"(1-{DESCRIPTION_LIMIT})")
        if context == CHOICE and not 1 <= len(text) <= CHOICE_LIMIT:
            problems.append(f"{where}: choice of {len(text)} characters (1-{CHOICE_LIMIT})")
    return problems


@dataclass
class Report:
    """What a catalogue lacks or breaks, apart: ``untranslated`` entries (empty,
    fuzzy, or not in the catalogue yet: awaiting their translator) and ``broken``
    ones (everything else: fields that differ, plural forms, Discord's limits, a
    header, entries obsolete after a change of the code)."""

    broken: list[str] = field(default_factory=list)
    untranslated: list[str] = field(default_factory=list)

    @property
    def problems(self) -> list[str]:
        return self.broken + self.untranslated


def catalogue_report(language: Language, template: Catalog | None = None,
                     path: Path | None = None) -> Report:
    """What is wrong with ``language``'s catalogue (or the one at ``path``),
    against the template, untranslated entries apart."""
    template = template or read_catalogue(TEMPLATE)
    path = path or catalogue_path(language)
    report = Report()
    try:
        catalogue = read_catalogue(path, language.value)
    except (OSError, ValueError) as exc:
        report.broken.append(f"{language}: cannot read {path}: {exc}")
        return report
    if catalogue.fuzzy:
        report.broken.append(f"{language}: the header is fuzzy, so compiling would drop its "
                             "plural forms; remove its fuzzy flag")
    header = catalogue.mime_headers
    plural_forms = dict(header).get("Plural-Forms")
    if plural_forms != language.plural_forms:
        report.broken.append(f"{language}: Plural-Forms is {plural_forms!r}, "
                             f"not {language.plural_forms!r}")
    wanted = {(m.context, _forms(m.id)[0]): m for m in template if m.id}
    have = {(m.context, _forms(m.id)[0]): m for m in catalogue if m.id}
    for key in sorted(set(have) - set(wanted), key=str):
        report.broken.append(f"{language}: {_label(have[key])} is not in the template "
                             "(run python -m bot.i18n update)")
    for key, english in wanted.items():
        where = f"{language} {_label(english)}"
        message = have.get(key)
        if message is None:
            report.untranslated.append(f"{where}: missing (run python -m bot.i18n update)")
            continue
        _message_problems(report, where, english, message, catalogue.num_plurals)
    return report


def catalogue_problems(language: Language, template: Catalog | None = None,
                       path: Path | None = None) -> list[str]:
    """Every problem of ``language``'s catalogue, broken and untranslated."""
    return catalogue_report(language, template, path).problems


def _message_problems(report: Report, where: str, english: Message, message: Message,
                      plurals: int) -> None:
    english_forms = _forms(english.id)
    translations = _forms(message.string if message.string is not None else "")
    if _forms(message.id) != english_forms:
        report.broken.append(f"{where}: its plural differs from the template's (run "
                             "python -m bot.i18n update)")
        return
    if message.fuzzy:
        report.untranslated.append(f"{where}: fuzzy (check the translation, then remove the "
                                   "fuzzy flag)")
        return
    if not all(translations):
        report.untranslated.append(f"{where}: not translated")
        return
    if message.pluralizable and len(translations) != plurals:
        report.broken.append(f"{where}: {len(translations)} plural forms, the language has "
                             f"{plurals}")
        return
    wanted = set().union(*(_field_problems(where, text)[0] for text in english_forms))
    for index, text in enumerate(translations):
        found, wrong = _field_problems(where, text)
        report.broken += wrong
        if wrong:
            continue
        # The form for one may leave out the number ("un drum"); no other form
        # or field may be left out.
        may_omit_count = message.pluralizable and index == 0 and plurals > 1
        missing = {f for f in wanted - found if f[0] != "count" or not may_omit_count}
        if found - wanted or missing:
            report.broken.append(f"{where}: {text!r} has fields {_names(found)}, "
                                 f"the English {_names(wanted)}")
    report.broken += _discord_problems(where, english.context, translations)


def _names(found: set[Field]) -> str:
    return ", ".join(sorted("{" + name + "}" for name, _, _ in found)) or "none"


def all_reports(languages: Iterable[Language] = TRANSLATED) -> dict[Language | None, Report]:
    """The template's report (under None: only broken), then each catalogue's."""
    template = read_catalogue(TEMPLATE)
    reports: dict[Language | None, Report] = {None: Report(template_problems(template))}
    for language in languages:
        reports[language] = catalogue_report(language, template)
    return reports


def all_problems() -> list[str]:
    """The template's problems, then every catalogue's, broken and untranslated."""
    return [problem for report in all_reports().values() for problem in report.problems]


def broken_problems() -> list[str]:
    """What is broken in the template and the catalogues (untranslated entries aside)."""
    return [problem for report in all_reports().values() for problem in report.broken]
