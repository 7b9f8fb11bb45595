"""The key classifier: learnt from example disputes, it tells neighbouring keys apart."""

from __future__ import annotations

from engine.freetext.classify import KeyClassifier, features


def test_word_pairs_are_features() -> None:
    assert features("Two cards exposed") == ("two", "card", "expos", "two_card", "card_expos")


def test_the_words_that_tell_neighbours_apart_decide() -> None:
    classifier = KeyClassifier(
        {
            "misdeal.two-cards-exposed": [
                "two cards came up face up on the deal",
                "dealer flashed two cards",
            ],
            "irregularity.exposed-card": ["one card came up face up on the deal", "dealer flashed one card"],
        }
    )
    odds = classifier.likelihood("dealer flashed two cards face up")
    assert odds["misdeal.two-cards-exposed"] == 1.0
    assert odds["irregularity.exposed-card"] < 0.5


def test_words_no_example_knows_give_nothing() -> None:
    assert KeyClassifier({"a.b": ["dealer flashed a card"]}).likelihood("zebra xylophone") == {}
