"""Discord's localisation of commands: the Translator, as discord.py calls it,
and Discord's limits on the localised tree."""

from __future__ import annotations

import discord
import pytest
from discord import app_commands
from i18n_support import catalogue_of

from bot.i18n import CatalogueTranslator, Language
from bot.i18n.command_limits import is_valid_name, limit_problems, translated_payloads
from bot.i18n.extract import build_template, command_messages
from bot.i18n.translator import CHOICE, DESCRIPTION, NAME

GAMES = [app_commands.Choice(name="Carcassonne", value="carcassonne"),
         app_commands.Choice(name="Hunters and Gatherers", value="hunters-and-gatherers")]


def small_tree() -> app_commands.CommandTree:
    """A command group like the bot's, its strings plain as commands are written."""
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    group = app_commands.Group(name="carcassonne", description="Play Carcassonne in this channel")

    @group.command(name="new", description="Open a game in this channel")
    @app_commands.describe(game="Which game", hand="Tiles each player holds")
    @app_commands.choices(game=GAMES)
    async def new(interaction: discord.Interaction, game: str, hand: int = 1) -> None:
        """Never called here."""

    tree.add_command(group)
    return tree


def _entries(language_words: dict[str, str]) -> list[tuple[str, str, str]]:
    english = [(NAME, "carcassonne"), (DESCRIPTION, "Play Carcassonne in this channel"),
               (NAME, "new"), (DESCRIPTION, "Open a game in this channel"),
               (NAME, "game"), (DESCRIPTION, "Which game"), (NAME, "hand"),
               (DESCRIPTION, "Tiles each player holds"), (CHOICE, "Carcassonne"),
               (CHOICE, "Hunters and Gatherers")]
    return [(context, msgid, language_words[msgid]) for context, msgid in english
            if msgid in language_words]


HUNGARIAN = {"carcassonne": "carcassonne", "Play Carcassonne in this channel":
             "Carcassonne ebben a csatornában", "new": "új",
             "Open a game in this channel": "Új játék ebben a csatornában", "game": "játék",
             "Which game": "Melyik játék", "hand": "kéz",
             "Tiles each player holds": "Hány kártyát tart kézben mindenki",
             "Carcassonne": "Carcassonne", "Hunters and Gatherers": "Vadászok és gyűjtögetők"}
# Romanian leaves two strings untranslated: they stay English for Romanian readers.
ROMANIAN = {k: v for k, v in {
    "carcassonne": "carcassonne", "Play Carcassonne in this channel": "Carcassonne în acest canal",
    "new": "nou", "Open a game in this channel": "Deschide un joc în acest canal",
    "game": "joc", "hand": "mână", "Tiles each player holds": "Câte cartonașe ține fiecare",
    "Hunters and Gatherers": "Vânători și culegători"}.items()}
CHINESE = {"carcassonne": "卡卡颂", "Play Carcassonne in this channel": "在本频道玩卡卡颂",
           "new": "新对局", "Open a game in this channel": "在本频道开一局", "game": "游戏",
           "Which game": "哪个游戏", "hand": "手牌", "Tiles each player holds": "每人手中的方块数",
           "Carcassonne": "卡卡颂", "Hunters and Gatherers": "猎人与采集者"}


@pytest.fixture
def translator(tmp_path) -> CatalogueTranslator:
    loaded = {language: catalogue_of(tmp_path, language, _entries(words))
              for language, words in ((Language.HUNGARIAN, HUNGARIAN),
                                      (Language.ROMANIAN, ROMANIAN),
                                      (Language.CHINESE, CHINESE))}
    return CatalogueTranslator(catalogues=loaded.__getitem__)


async def test_names_descriptions_and_choices_are_localised_for_ro_hu_and_zh_cn(translator):
    [group] = await translated_payloads(small_tree(), translator)
    assert group["name"] == "carcassonne"
    assert group["name_localizations"] == {"hu": "carcassonne", "ro": "carcassonne",
                                           "zh-CN": "卡卡颂"}
    [new] = group["options"]
    assert new["name_localizations"] == {"hu": "új", "ro": "nou", "zh-CN": "新对局"}
    game, hand = new["options"]
    assert game["name_localizations"] == {"hu": "játék", "ro": "joc", "zh-CN": "游戏"}
    # Untranslated in Romanian: Discord shows Romanian readers the English default.
    assert game["description_localizations"] == {"hu": "Melyik játék", "zh-CN": "哪个游戏"}
    assert hand["description_localizations"]["ro"] == "Câte cartonașe ține fiecare"
    carcassonne, hunters = game["choices"]
    assert carcassonne["name_localizations"] == {"hu": "Carcassonne", "zh-CN": "卡卡颂"}
    assert hunters["name_localizations"] == {"hu": "Vadászok és gyűjtögetők",
                                             "ro": "Vânători și culegători",
                                             "zh-CN": "猎人与采集者"}
    assert hunters["value"] == "hunters-and-gatherers"
    assert limit_problems([group]) == []


async def test_autocomplete_choices_are_translated_for_the_readers_locale(translator):
    # discord.py passes autocomplete answers through the tree's translator too.
    payload = await GAMES[1].get_translated_payload_for_locale(translator, discord.Locale.hungarian)
    assert payload == {"name": "Vadászok és gyűjtögetők", "value": "hunters-and-gatherers"}
    english = await GAMES[1].get_translated_payload_for_locale(translator, discord.Locale.french)
    assert english["name"] == "Hunters and Gatherers"


async def test_the_catalogue_context_keeps_command_words_apart_from_game_words(tmp_path):
    # "Carcassonne" translated as a game name only, not as a command choice: the
    # translator finds nothing under the choice's context, and English stays.
    loaded = catalogue_of(tmp_path, Language.CHINESE, [("game", "Carcassonne", "卡卡颂")])
    assert loaded.pgettext("game", "Carcassonne") == "卡卡颂"
    translator = CatalogueTranslator(catalogues=lambda language: loaded)
    payload = await GAMES[0].get_translated_payload_for_locale(translator, discord.Locale.chinese)
    assert payload["name"] == "Carcassonne"


async def test_every_limit_discord_would_refuse_is_reported(tmp_path):
    bad = dict(HUNGARIAN, new="Új Játék", game="kéz", **{"Which game": "m" * 101,
               "Hunters and Gatherers": "v" * 101})
    loaded = {Language.HUNGARIAN: catalogue_of(tmp_path, Language.HUNGARIAN, _entries(bad))}
    translator = CatalogueTranslator(catalogues=lambda language: loaded.get(
        language, catalogue_of(tmp_path / "empty", language, [])))
    problems = "\n".join(limit_problems(await translated_payloads(small_tree(), translator)))
    assert "/carcassonne new: the hu name 'Új Játék'" in problems
    assert "in hu, two options are named 'kéz'" in problems
    assert "/carcassonne new game: the hu description has 101 characters" in problems
    assert "the hu choice 'vvv" in problems


def test_the_total_of_one_command_is_at_most_4000_characters_per_locale():
    options = [{"name": f"option{i}", "description": "d" * 100, "type": 3,
                "description_localizations": {"hu": "h" * 100}} for i in range(25)]
    command = {"name": "carcassonne", "description": "x", "type": 1,
               "options": [{"name": "new", "description": "y", "type": 1, "options": options},
                           {"name": "join", "description": "z" * 100, "type": 1,
                            "description_localizations": {"hu": "j" * 100},
                            "options": options[:15]}]}
    problems = limit_problems([command])
    assert len(problems) == 2 and all("(at most 4000)" in p for p in problems)
    assert {p.split(" in ")[1].split(" ")[0] for p in problems} == {"default", "hu"}


@pytest.mark.parametrize("name, valid", [
    ("new", True), ("two_tile_city", True), ("vote-end", True), ("új", True),
    ("játék", True), ("卡卡颂", True), ("setări", True), ("l'eau", True),
    ("New", False), ("two tile", False), ("x" * 33, False), ("", False), ("a.b", False),
])
def test_discords_name_rule(name, valid):
    assert is_valid_name(name) is valid


async def test_the_command_strings_are_extracted_with_their_context_and_place():
    found = {(m.context, m.message): m.where for m in await command_messages(small_tree())}
    assert found[NAME, "new"] == "/carcassonne new: command name"
    assert found[DESCRIPTION, "Which game"] == "/carcassonne new game: parameter description"
    assert found[CHOICE, "Hunters and Gatherers"] == "choice name"
    assert found[NAME, "carcassonne"] == "/carcassonne: group name"
    template = build_template(await command_messages(small_tree()))
    message = template.get("Tiles each player holds", context=DESCRIPTION)
    assert message.auto_comments == ["/carcassonne new hand: parameter description"]


async def test_the_bots_own_command_tree_fits_discords_limits_in_every_locale():
    """The real tree, localised from the real catalogues as the bot uploads it."""
    from bot.discord.client import command_tree

    tree = await command_tree()
    payloads = await translated_payloads(tree, CatalogueTranslator())
    assert payloads[0]["name"] == "carcassonne"
    # the community commands of issue 22, each a command of its own
    assert {p["name"] for p in payloads[1:]} == {"archive", "leaderboard", "profile", "league"}
    assert limit_problems(payloads) == []
