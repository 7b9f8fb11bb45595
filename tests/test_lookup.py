"""Free-text lookup: facts read from the words, abbreviations and typos, and clear errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from engine.freetext.knowledge import KnowledgeBase
from engine.freetext.lookup import lookup
from engine.freetext.understand import TextError, understand


def test_facts_are_read_from_floor_talk() -> None:
    read = understand("dealer flashed the 2nd card to seat 4 while pitching")
    assert read.facts["event"] == "exposed-card"
    assert read.facts["card_number"] == 2 and read.facts["exposed_by"] == "dealer"
    assert read.evidence["event"] == "flashed"


def test_abbreviations_and_numbers() -> None:
    read = understand("NL game, BB was gone 40 min")
    assert read.context["structure"] == "no-limit"
    assert read.facts["minutes_away"] == 40 and read.facts["event"] == "absent-player"
    assert understand("PLO hand, heads up").context == {"game": "omaha", "structure": "pot-limit"}


def test_typos_are_corrected_to_known_words(kb: KnowledgeBase) -> None:
    read = understand("dealer flahsed a card", kb.speller)
    assert read.facts["event"] == "exposed-card"


def test_given_facts_win_over_inferred_ones(kb: KnowledgeBase) -> None:
    found = lookup(
        kb,
        "catfish-bend",
        "dealer flashed the 2nd card",
        game="holdem",
        facts={"card_number": 1, "cards_exposed": 1, "players_acted": 0},
    )
    assert found.ruling.situation.facts["card_number"] == 1
    assert found.ruling.situation.sources["card_number"] == "given"
    assert found.ruling.situation.sources["exposed_by"] == "inferred"


def test_a_described_dispute_gets_each_house_its_own_rule(kb: KnowledgeBase) -> None:
    text = "dealer flashed the 2nd card while pitching, one card exposed, nobody acted yet"
    home = lookup(kb, "roberts-home", text, game="holdem")
    catfish = lookup(kb, "catfish-bend", text, game="holdem")
    assert home.ruling.governing.outcome == "card-replaced"
    assert catfish.ruling.governing.outcome == "misdeal"
    assert home.ruling.governing.rule.key == catfish.ruling.governing.rule.key == "holdem.exposed-holecard"
    assert "holdem.exposed-holecard" in home.ranked[:3] and "holdem.exposed-holecard" in catfish.ranked[:3]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "describe the dispute"),
        ("   ", "describe the dispute"),
        ("x" * 2001, "keep it under 2000"),
    ],
)
def test_bad_text_gets_a_clear_error(kb: KnowledgeBase, text: str, message: str) -> None:
    with pytest.raises(TextError, match=message):
        lookup(kb, "roberts-home", text)


def test_non_text_is_refused() -> None:
    with pytest.raises(TextError, match="as text"):
        understand(b"bytes")  # type: ignore[arg-type]


def test_cli_reads_text_and_says_what_it_inferred() -> None:
    command = [sys.executable, "-m", "engine.cli", "ruling", "--house", "catfish-bend"]
    result = subprocess.run(
        [*command, "--json", "can I play out of my rack"], capture_output=True, text=True, timeout=60
    )
    answer = json.loads(result.stdout)
    assert answer["status"] == "ruled" and answer["rulings"][0]["key"] == "procedures.playing-out-of-rack"
    assert "event" in answer["inferred"] and answer["candidates"][0] == "procedures.playing-out-of-rack"
    empty = subprocess.run(
        [sys.executable, "-m", "engine.cli", "ruling", "--house", "catfish-bend", ""],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert empty.returncode == 2 and "describe the dispute" in empty.stderr


def test_the_lexicon_only_names_what_the_vocabulary_has(kb: KnowledgeBase) -> None:
    from engine.freetext.lexicon import lexicon_data

    data = lexicon_data()
    vocab = kb.vocab
    assert set(data["events"]) <= set(vocab.events)
    assert set(data["games"]) <= set(vocab.games)
    assert set(data["structures"]) <= set(vocab.structures)
    assert set(data["formats"]) <= set(vocab.formats)
    for fact, values in data["values"].items():
        assert fact in vocab.facts, fact
        if vocab.facts[fact].type == "enum":
            assert set(values) <= set(vocab.facts[fact].values), fact


@pytest.mark.parametrize(
    ("text", "structure"),
    [
        ("guy wants to straddle in a limit cash game", "limit"),
        ("no limit game, can he straddle", "no-limit"),
        ("pot limit game, how much can he raise", "pot-limit"),
        ("fixed limit holdem, 4th raise", "limit"),
    ],
)
def test_no_limit_is_not_mistaken_for_limit(text: str, structure: str) -> None:
    assert understand(text).context["structure"] == structure


def test_floor_words_name_only_existing_keys(kb: KnowledgeBase) -> None:
    from engine.freetext.lexicon import floor_words

    keys = {rule.key for rule in kb.library.rules}
    unknown = sorted(set(floor_words()) - keys)
    assert not unknown, unknown


def test_every_rule_key_has_example_disputes_and_only_real_keys_do(
    kb: KnowledgeBase, bundled_manifests: dict[str, dict]
) -> None:
    """Every key of the project's books (a house's own key borrows none: its rule is found
    by its words and meaning; one aligned with a bundled key borrows that key's)."""
    from engine.freetext.lexicon import dispute_examples

    examples = dispute_examples()
    keys = {rule.key for rule in kb.library.rules if rule.book in bundled_manifests}
    assert sorted(set(examples) - keys) == []
    assert sorted(keys - set(examples)) == []
    assert all(len(said) >= 30 and all(text.strip() for text in said) for said in examples.values())
    terse = dispute_examples("terse")
    assert set(terse) == keys
    assert all(
        len(said) >= 6 and all(3 <= len(text.split()) <= 12 for text in said) for said in terse.values()
    )


def test_example_disputes_are_not_the_lookup_test_sets() -> None:
    """The examples are what the lookup learns from; the dev and held-out sets measure it,
    so no description may appear in both (that would measure memory, not understanding)."""
    from pathlib import Path

    import yaml

    from engine.freetext.lexicon import dispute_examples

    said = {
        text.lower().strip()
        for folder in ("said", "terse")
        for texts in dispute_examples(folder).values()
        for text in texts
    }
    folder = Path(__file__).parent / "lookup"
    for name in ("dev.yaml", "holdout.yaml"):
        entries = yaml.safe_load((folder / name).read_text(encoding="utf-8"))
        assert [e["text"] for e in entries if e["text"].lower().strip() in said] == []


def test_an_example_dispute_finds_its_own_rule(kb: KnowledgeBase) -> None:
    """A description matching an example word for word ranks that example's key first."""
    found = lookup(kb, "roberts-home", "guy is drawing five, I gave him four, when does he get the last one")
    assert found.ranked[0] == "draw-high.draw-five-cards"


def test_asking_what_a_word_means_finds_the_glossary(kb: KnowledgeBase) -> None:
    found = lookup(kb, "catfish-bend", "what's a kill pot?")
    assert "glossary.kill-pot" in found.ranked[:3]
    assert "glossary.kill-or-kill-blind" not in found.ranked[:3]  # the longest term named
    assert found.ruling.governing is None or not found.ruling.governing.rule.key.startswith("glossary.")


def test_a_glossary_candidate_is_shown_with_its_definition(kb: KnowledgeBase) -> None:
    from engine.render.ruling_json import lookup_json

    answer = lookup_json(lookup(kb, "catfish-bend", "what does scoop mean"))
    term = next(item for item in answer["candidate_rules"] if item["key"] == "glossary.scoop")
    assert term["kind"] == "glossary" and term["citation"] == "Glossary: SCOOP"
    assert term["summary"].startswith("To win both")


@pytest.mark.parametrize(
    ("text", "first"),
    [
        (
            "new guy sat down between the small blind and the button, can he get a hand right away",
            "blinds.between-blinds",
        ),
        (
            "why cant a new player sitting between the blinds just get dealt in, whats the reasoning",
            "explanation.new-player-between-blinds",
        ),
    ],
)
def test_the_rule_comes_before_its_commentary_unless_asked_why(
    kb: KnowledgeBase, text: str, first: str
) -> None:
    assert lookup(kb, "roberts-home", text).ranked[0] == first


def test_a_one_format_house_reads_disputes_in_its_format(kb: KnowledgeBase) -> None:
    found = lookup(kb, "homepokertourney", "dealer flashed the second card")
    assert found.inferred["format"][0] == "tournament"
    assert found.inferred["game"][0] == "holdem"
    assert lookup(kb, "catfish-bend", "dealer flashed the second card").inferred.get("format") is None


SNORTING = "guy keeps sneaking off to the restroom to snort stuff and comes back wired"


def test_what_the_player_did_is_read_with_the_rule_it_names(kb: KnowledgeBase) -> None:
    """The words match the illegal-substance rule without naming it: the event and what the
    player did both come from that rule, so the floor gets the ruling, not a 23-way question."""
    found = lookup(kb, "roberts-home", SNORTING)
    assert found.inferred["behavior"][0] == "illegal-substance"
    assert found.inferred["behavior"][1].startswith("the rule your words match:")
    assert found.ruling.status == "ruled"
    assert found.ruling.governing is not None
    assert found.ruling.governing.rule.key == "conduct.illegal-substance"


def test_what_the_player_did_as_given_wins_over_the_nearest_rule(kb: KnowledgeBase) -> None:
    found = lookup(kb, "roberts-home", SNORTING, facts={"behavior": "disturbance"})
    assert "behavior" not in found.inferred
    assert found.ruling.situation.facts["behavior"] == "disturbance"


def test_a_rule_that_overrides_another_ranks_above_it_when_the_words_match_both(kb: KnowledgeBase) -> None:
    """HomePokerTourney's table-balancing rule states it overrides Robert's v7 rule on which
    player moves: close behind it in the words, it ranks above it; far behind, it does not."""
    from engine.freetext.lookup import _overriders_first

    by_key = kb.rules_by_key("homepokertourney")
    house, base = "tournament.table-balance", "tournament.balance-player-selection"
    assert any(o.get("key") == base for o in by_key[house].overrides)
    close = {base: 3.0, house: 2.7}
    _overriders_first(close, by_key)
    assert close[house] > close[base]
    far = {base: 3.0, house: 1.0}
    _overriders_first(far, by_key)
    assert far[house] < far[base]


def test_the_event_the_words_name_wins_among_close_rules(kb: KnowledgeBase) -> None:
    """'Flashed' names an exposed card: among rules the words match about as well, the
    exposed-card rule is the one meant, not a card dealt out of sequence."""
    found = lookup(kb, "catfish-bend", "dealer flashed seat 4's second card while pitching, nobody had acted")
    assert found.ruling.governing is not None
    assert found.ruling.governing.rule.key == "misdeal.exposed-first-card"
    assert found.inferred["event"] == ("exposed-card", "flashed")


@pytest.mark.parametrize(
    ("text", "oversize"),
    [
        ("pot limit holdem, pot is $60 on the turn, first guy bets $100", True),
        ("PL holdem, seat 2 bet $300 into a $200 pot and seat 6 called", True),
        ("pot limit holdem, pot is $60 on the turn, first guy bets $40", False),  # within the pot
        ("no limit holdem, pot is $60 on the turn, first guy bets $100", False),  # no pot limit
        ("pot limit holdem, pot is $60, seat 1 bets $20 and seat 2 raises to $100", False),  # a raise
    ],
)
def test_a_pot_limit_bet_above_the_pot_told_in_numbers_is_an_oversize_bet(text: str, oversize: bool) -> None:
    """Tellers give the pot and the bet, not the word "oversize": the arithmetic names it."""
    read = understand(text)
    assert (read.facts.get("event") == "oversize-pot-bet") is oversize


@pytest.mark.parametrize(
    ("text", "short"),
    [
        ("$15-30 limit holdem, flop, BB goes all in for his last $5. Mark says that's a string raise", True),
        ("$10-$20 limit holdem, turn. seat 1 bets $20, seat 7 shoves his last $25", True),
        ("4-8 limit, on the river seat 2 bets 8, seat 3 goes all in for 20", False),  # a full raise
        ("2-5 no limit, flop, seat 2 goes all in for $5", False),  # no fixed bet to fall short of
    ],
)
def test_a_limit_all_in_short_of_a_full_bet_told_in_numbers_is_a_short_all_in(text: str, short: bool) -> None:
    """The flop plays at the small bet, the turn at the big: the all-in is measured against it,
    and the arithmetic outweighs a word a player used ("string raise")."""
    read = understand(text)
    assert (read.facts.get("event") == "all-in-short") is short


def test_a_fact_taken_from_the_matched_rule_names_that_rule_in_the_json(kb: KnowledgeBase) -> None:
    from engine.render.ruling_json import lookup_json

    answer = lookup_json(lookup(kb, "roberts-home", SNORTING))
    behaviour = answer["inferred"]["behavior"]
    assert behaviour["value"] == "illegal-substance"
    assert behaviour["rule"] == answer["rulings"][0]["id"]
    read = lookup_json(lookup(kb, "roberts-home", "he's been gone 25 minutes, nobody knew where"))
    assert "rule" not in read["inferred"]["minutes_away"]  # read from the words themselves


def test_everyday_words_are_not_corrected_to_rulebook_words(kb: KnowledgeBase) -> None:
    """The speller corrects typos, not English: "shakes" is not "stakes", nor "Steve" "seven"."""
    from engine.freetext.understand import normalise

    said = normalise("Steve shakes hands, didnt rasie, drives home on a quiet night", kb.speller)
    assert said == "steve shakes hands, didn't raise, drives home on a quiet night"


@pytest.mark.parametrize(
    ("text", "game"),
    [
        ("the flop came out before the big blind acted", "holdem"),
        ("dealer burned and turned while seat 5 was still thinking", "holdem"),
        ("PLO, the flop came out early", "omaha"),  # a game named wins
        ("stud, on the river he folds", "stud"),
        ("he folded on the river", None),  # stud has a river too
        ("it was his turn and he did not act", None),
    ],
)
def test_a_game_with_a_flop_is_taken_as_holdem_when_none_is_named(text: str, game: str | None) -> None:
    assert understand(text).context.get("game") == game


def test_an_all_in_nobody_mentions_is_taken_as_none_and_said_so(kb: KnowledgeBase) -> None:
    """A teller always mentions an all-in: with none in the words, the raise-size question
    is not asked, and the fact is shown as taken, not read."""
    from engine.render.ruling_json import lookup_json

    silent = lookup_json(
        lookup(kb, "roberts-home", "NL 2/5, seat 3 opens to $20, seat 6 makes it $30. min reraise?")
    )
    assert silent["inferred"]["all_in"] == {
        "value": False,
        "from": "nobody mentioned it, so taken as no",
        "unmentioned": True,
    }
    said = lookup_json(
        lookup(kb, "roberts-home", "NL 2/5, seat 3 opens to $20, seat 6 shoves for $30. min reraise?")
    )
    assert said["inferred"]["all_in"]["value"] is True and "unmentioned" not in said["inferred"]["all_in"]


def test_a_count_nobody_mentions_is_taken_as_the_ordinary_one(kb: KnowledgeBase) -> None:
    """Two players out on one hand is always told: with nothing of it in the words, one player
    went out, and the placing rule for one bust rules, shown as taken."""
    from engine.render.ruling_json import lookup_json

    one = lookup_json(lookup(kb, "homepokertourney", "Mike busted, what place does he get?"))
    assert one["inferred"]["players_busted_same_hand"] == {
        "value": 1,
        "from": "nobody mentioned it, so taken as 1",
        "unmentioned": True,
    }
    assert one["status"] == "ruled" and "last player eliminated" in one["rulings"][0]["summary"]
    two = lookup_json(
        lookup(kb, "homepokertourney", "Mike and Joe both busted on the same hand, who places higher?")
    )
    assert two["inferred"]["players_busted_same_hand"]["value"] == 2
    assert "started that hand with more chips" in two["rulings"][0]["summary"]


def test_a_rule_reasoning_on_the_facts_read_counts_for_more(kb: KnowledgeBase) -> None:
    from engine.freetext.lookup import _facts_reasoned_on
    from engine.rulings.situation import make_situation

    rule = kb.rules_by_key("roberts-home")["betting.all-in-short-limit"]  # its cases test the bet's share

    def count(facts: dict) -> int:
        return _facts_reasoned_on(rule, make_situation(kb.vocab, "roberts-home", game="holdem", facts=facts))

    assert count({"event": "completion", "bet_fraction": 0.4, "player_acted": True}) == 2
    assert count({"event": "completion", "street": "turn"}) == 0  # the event is weighed on its own


@pytest.mark.parametrize(
    ("text", "format"),
    [
        ("7 stud 1/2 at Dale's, the dealer turns a downcard up", "cash"),
        ("$4/$8 holdem game, seat 3 raises", "cash"),
        ("2/5 NL tourney, level 3", "tournament"),  # the tournament's own words outweigh stakes
        ("level 100/200, the big blind is short", "tournament"),
    ],
)
def test_a_cash_game_is_read_from_its_stakes(text: str, format: str) -> None:
    assert understand(text).context.get("format") == format


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("seat 7 bets out of turn before seat 4 acts", None),
        ("it was his turn to act and he folded", None),
        ("on the turn seat 4 bets 20", "turn"),
        ("the turn came a king", "turn"),
    ],
)
def test_out_of_turn_and_his_turn_name_no_card(text: str, card: str | None) -> None:
    assert understand(text).facts.get("card") == card


def test_the_event_the_person_asks_about_outweighs_the_story_around_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Four cards on the flop is the story; redealing the flop is what is asked."""
    import engine.freetext.understand as understanding

    story = (
        "the flop came out with four cards stuck together, all four face up."
        " we redeal the flop: with a burn or without?"
    )
    assert understanding.understand(story).facts["event"] == "flop-redeal"
    monkeypatch.setattr(understanding, "ASKED_WEIGHT", 1)
    assert understanding.understand(story).facts["event"] == "flop-too-many-cards"


def test_of_two_cards_said_as_often_the_later_is_the_storys() -> None:
    """The story moves on: the flop's betting, then the turn card dealt too soon."""
    read = understand("on the flop seat 8 bet and seat 9 was thinking when I burned and turned the turn card")
    assert read.facts["card"] == "turn"
    assert understand("the turn card came out, then we argued about the flop").facts["card"] == "flop"
