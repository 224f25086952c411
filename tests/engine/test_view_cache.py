"""Views kept up to date by caches (the draw pile's kept count, status lines, phrases and counts kept by value) show what
a view built from scratch shows: after every move of random games of every game, for every seat and
the teacher, ``view(seat)`` and a lent view read field by field equal a reference built from a clone
(a clone keeps no cache), and a view taken before a move does not change when the move is made."""
import pickle
import random

import pytest

import cardkit
from cardkit.core import View
from cardkit import i18n
from cardkit.core.events import _LINES, _PHRASES
from cardkit.games.frantic import views as frantic_views

SETTINGS = [(game_id, {}) for game_id in cardkit.list_games()] + [
    ("frantic", {"troublemaker": True, "supercharge": True})]
IDS = [game_id + ("+both" if options else "") for game_id, options in SETTINGS]


def reference(state, seat) -> View:
    """The view built the straightforward way: from a fresh clone, no line, phrase or count kept."""
    fresh = state.clone()
    _LINES.clear()
    _PHRASES.clear()
    i18n._COUNTS.clear()
    frantic_views._ASKED.clear()
    return fresh.view(seat)


@pytest.mark.parametrize("game_id, options", SETTINGS, ids=IDS)
def test_views_equal_a_fresh_build_after_every_move(game_id, options):
    rng = random.Random(11)
    decisions = 0
    for seed in range(4):
        state = cardkit.make(game_id, seed=seed, **options).new_state()
        while not state.is_over and len(state.history) < 150:
            seats = [None, *range(state.players)]
            for seat in seats:
                view = state.view(seat)
                assert view == reference(state, seat)
                lent = View.lent(state, seat)
                assert lent.unseen == view.unseen and lent.seats[rng.randrange(state.players)] is not None
                assert lent.keep() == view
            held = state.view(state.current_player)
            frozen = pickle.loads(pickle.dumps(held))
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            assert held == frozen                       # a view taken before the move still shows then
            decisions += 1
    assert decisions > 100


def test_a_phrase_is_kept_by_its_template_and_values_and_their_types():
    from cardkit.core.events import phrase_of
    first = phrase_of("{p} {p:leads} with {n}.", (0, 3))
    assert phrase_of("{p} {p:leads} with {n}.", (0, 3)) is first and first == "Player 0 leads with 3."
    assert phrase_of("{p} {p:leads} with {n}.", (0, True)) is not first     # True reads apart from 1
    listed = phrase_of("{n}", ([1, 2],))                                    # not hashable: made afresh
    assert listed == phrase_of("{n}", ([1, 2],)) and listed is not phrase_of("{n}", ([1, 2],))
    assert first.for_seat(0) == "You lead with 3." and first.for_seat(1) == "Player 0 leads with 3."
    copied = pickle.loads(pickle.dumps(first))
    assert (copied, copied.template, copied.values) == (first, first.template, first.values)
    assert "_read" not in copied.__dict__ and copied.for_seat(0) == "You lead with 3."


def test_a_kept_phrase_reads_in_the_language_of_the_moment():
    from cardkit.core.events import phrase_of, render
    template = "Deal {d}: {p} {p:leads}: any single card, or one or more 8s."
    line = phrase_of(template, (2, 1))
    try:
        for lang in ("de", "en", "fr", "sv", "de"):
            i18n.set_language(lang)
            for viewer in (None, 0, 1):
                assert line.for_seat(viewer) == render(template, (2, 1), viewer, lang=lang)
        assert line.for_seat(1).startswith("Runde 2: du spielst aus")
    finally:
        i18n.set_language("en")
    assert line.for_seat(1).startswith("Deal 2: you lead")


def test_counts_are_kept_by_value_and_bounded():
    assert i18n.count(3, "{n} card", "{n} cards") is i18n.count(3, "{n} card", "{n} cards")
    assert i18n.count(True, "{n} card", "{n} cards") is not i18n.count(1, "{n} card", "{n} cards")
    for n in range(5000):
        i18n.count(n, "{n} card", "{n} cards")
    assert len(i18n._COUNTS) <= 4096
