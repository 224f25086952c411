"""21 with trumps in the GameApp: a round's end shows the human what the scoring shows (every hidden
number card) and nothing the rules keep hidden: the bot's trumps in hand, the decks, the discard pile."""
import random

import widgets as w

PILES = ("deck", "discard", "trump_pile", "trump_deck")


def play_to_the_first_round_end(app, rng):
    while app.paused is None and not app.state.is_over:
        app.play(rng.choice([str(a) for a in app.state.legal_actions()]))
    return app.paused


def test_a_round_end_shows_the_player_no_card_they_may_not_see():
    app = w.GameApp("trump21", players=2, seed=4, humans=(0,), options={"gamble_chance": 1.0})
    end = play_to_the_first_round_end(app, random.Random(1))
    teacher = end.shown_to(None)
    assert teacher.seats[1]["trumps"] and any(teacher.table[pile] for pile in ("deck", "discard"))  # something to hide
    shown = app.table.view
    assert shown.seats[1]["trumps"] == [None] * len(teacher.seats[1]["trumps"])
    assert shown.seats[0]["trumps"] == teacher.seats[0]["trumps"]                    # your own trumps
    assert all(set(shown.table[pile]) <= {None} for pile in PILES)
    assert [zones["hidden"] for zones in shown.seats] == [zones["hidden"] for zones in teacher.seats]
    assert None not in shown.seats[1]["hidden"]                                      # scored face up
    page = app.table.zones.value + app.table.you_html.value + "".join(p.value for p in app.table.seat_panels)
    seen_elsewhere = set(teacher.seats[0]["trumps"]) | {c for zones in teacher.seats for c in zones["played"]}
    theirs_only = set(teacher.seats[1]["trumps"]) - seen_elsewhere
    assert theirs_only and not [trump for trump in theirs_only if trump in page]     # not on the page either


def test_the_first_round_summary_counts_lives_lost_from_the_lives_the_game_starts_with():
    """trump21's score is lives, 10 at the start: a first round that cost nobody a life says so
    (no '+10' as if the lives were won), one that cost lives shows what each lost."""
    summaries = []
    for seed in range(12):
        app = w.GameApp("trump21", players=2, seed=seed, humans=(0,))
        end = play_to_the_first_round_end(app, random.Random(seed))
        if end is None:
            continue
        lost = [10 - lives for lives in end.view.scores]
        summaries.append((lost, app.actions.message.value))
    assert any(sum(lost) == 0 for lost, _ in summaries) and any(sum(lost) > 0 for lost, _ in summaries)
    for lost, text in summaries:
        assert "+10" not in text
        if sum(lost):
            assert all(f"{-n:+}" in text for n in lost if n)
        else:
            assert "ck-round-scores" not in text
