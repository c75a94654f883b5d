"""Options refused with a reason and facts the bot words itself (issue 17)."""

import pytest

from engine import MIN_PLAYERS, Options, OptionsError, OptionsProblem
from engine.options import GameName


def refusal(**kwargs) -> OptionsError:
    with pytest.raises(OptionsError) as caught:
        if "record_game" in kwargs:
            game = kwargs.pop("record_game")
            Options.from_dict(kwargs, game)
        elif "data" in kwargs:
            Options.from_dict(kwargs["data"])
        else:
            Options(**kwargs)
    return caught.value


def test_the_player_counts_are_data():
    assert MIN_PLAYERS == 2
    assert Options().max_players == 5
    assert Options(inns_cathedrals=True).max_players == 6


def test_an_unknown_option_names_the_known_ones():
    error = refusal(data={"rivers": True})
    assert error.reason is OptionsProblem.UNKNOWN_OPTION
    assert error.facts["option"] == "rivers"
    assert "river" in error.facts["known"] and "hand" in error.facts["known"]
    assert str(error).startswith("unknown option 'rivers'; known: ")


def test_a_switch_takes_true_or_false():
    error = refusal(river="yes")
    assert (error.reason, dict(error.facts)) == (OptionsProblem.NOT_A_SWITCH,
                                                 {"option": "river", "value": "yes"})
    assert str(error) == "option 'river' takes true or false, not 'yes'"


def test_a_choice_lists_what_it_takes():
    error = refusal(farmers="2nd")
    assert error.reason is OptionsProblem.NOT_A_CHOICE
    assert dict(error.facts) == {"option": "farmers", "value": "2nd",
                                 "allowed": ("3rd", "1st", "off")}
    assert str(error) == "option 'farmers' takes one of '3rd', '1st', 'off', not '2nd'"


def test_the_hand_has_a_range():
    error = refusal(hand=4)
    assert error.reason is OptionsProblem.OUT_OF_RANGE
    assert dict(error.facts) == {"option": "hand", "value": 4, "low": 1, "high": 3}
    assert str(error) == "option 'hand' takes 1 to 3, not 4"


@pytest.mark.parametrize("option", ["river", "winter", "small_city", "inns_cathedrals",
                                    "traders_builders", "farmers"])
def test_carcassonne_options_are_not_for_hunters_and_gatherers(option):
    value = "1st" if option == "farmers" else True
    error = refusal(game="hunters-and-gatherers", **{option: value})
    assert error.reason is OptionsProblem.NOT_FOR_THIS_GAME
    assert dict(error.facts) == {"option": option, "game": GameName.HUNTERS_AND_GATHERERS}
    assert str(error) == f"option {option!r} is for Carcassonne, not Hunters and Gatherers"


def test_the_options_game_must_agree_with_the_record():
    error = refusal(record_game="carcassonne", game="hunters-and-gatherers")
    assert error.reason is OptionsProblem.CONTRADICTS_RECORD
    assert dict(error.facts) == {"option": "game", "value": "hunters-and-gatherers",
                                 "game": "carcassonne"}


def test_facts_are_read_only_and_survive_naming_a_turn():
    error = refusal(hand=0)
    with pytest.raises(TypeError):
        error.facts["value"] = 2
    named = error.at_turn(3)
    assert isinstance(named, OptionsError) and named.reason is OptionsProblem.OUT_OF_RANGE
    assert named.facts == error.facts and str(named) == "turn 3: option 'hand' takes 1 to 3, not 0"
