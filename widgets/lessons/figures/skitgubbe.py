"""The pages of Skitgubbe's counting lesson: their words, questions and HTML. The counting they show is the
engine's (``cardkit.games.skitgubbe.lessons``); this module only puts it into words."""
from __future__ import annotations

import random
from collections import Counter

from cardkit.chance import tried
from cardkit.games.skitgubbe.cards import HINTS, RANK, rank_name
from cardkit.games.skitgubbe.lessons import (TRICK, above_average_chance, average_share, deal_forced, first_round,
                                             forced_exact, forced_if_put_back, matching, needed_table, unseen_of)
from cardkit.i18n import N_, _, number, percent


# -- the lesson page's figures: text, table rows and plot lines, drawn by widgets.lessons ------------------
#: Part 2's rows: 1 to 8 cards of different ranks on the table.
SIZES = list(range(1, 9))


def matches_figure(cards: int, decks: int) -> dict:
    """Part 1: the first ``cards`` of the trick on the table, how many hidden cards match, the exact chance."""
    table = TRICK[:cards]
    hidden, good = sum(unseen_of(table, decks).values()), matching(table, decks)
    ranks = ", ".join(_(rank_name(RANK[c])) for c in table)
    return {"cards": table, "hints": HINTS, "cards_label": _("On the table:"), "css": "ck-forced-count",
            "text": _("Ranks to match: {ranks}. <b>{good}</b> of the <b>{hidden}</b> cards you cannot see match one "
                      "of them, {miss} do not.<br><b>exact:</b> chance of a forced match = 1 − "
                      "C({miss}, 3) / C({hidden}, 3) = <b>{p}</b>").format(
                ranks=ranks, good=good, hidden=hidden, miss=hidden - good, p=percent(float(forced_exact(table, decks)), 2))}


def hands_text(cards: int, decks: int, rng: random.Random, hands: int = 1000) -> str:
    """Part 1's simulation: the next player dealt ``hands`` hands from the cards an onlooker cannot see."""
    table = TRICK[:cards]
    hits = sum(deal_forced(table, decks, rng) for _ in range(hands))
    return _("<b>simulated:</b> {hits} of {hands} hands must match = <b>{share}</b> &nbsp; (exact: {exact})").format(
        hits=number(hits), hands=number(hands), share=percent(hits / hands, 1),
        exact=percent(float(forced_exact(table, decks)), 1))


def deal_rows(task, hands: int, seeds: random.Random) -> None:
    """Part 2's run: ``hands`` hands of 3 for each row of SIZES, each row's (cards, share) emitted to
    ``task`` (anything with ``cancelled``, ``advance()`` and ``emit()``) as it is done."""
    rng = random.Random(seeds.randrange(10**9))
    rows = {k: ({RANK[c] for c in TRICK[:k]}, list(unseen_of(TRICK[:k], 2).elements())) for k in SIZES}

    def forced(k) -> bool:
        ranks, cards = rows[k]
        return any(RANK[c] in ranks for c in rng.sample(cards, 3))
    for k, hits in tried(task, SIZES, hands, forced):
        task.emit((k, sum(hits) / len(hits)))


#: Part 2's plot: its titles and lines (see widgets.lessons.SimulatedTable).
FORCED_PLOT = {"title": N_("Chance of a forced match"), "x_title": N_("cards on the table"),
               "y_title": N_("chance of a forced match"), "y_percent": True, "y_range": (0, 1.03), "x_step": 1,
               "lines": [("two", N_("two decks: exact"), {}),
                         ("simulated", N_("two decks: simulated"), {"mode": "markers", "symbol": "x"}),
                         ("one", N_("one deck: exact"), {"mode": "lines", "dash": True})]}


def forced_figure(results) -> dict:
    """Part 2: one deck and two, exact, beside the simulated shares of ``results`` ((cards, share) pairs)
    and the wrong count that puts cards back."""
    shares = dict(results)
    rows = [[k, percent(float(forced_exact(TRICK[:k], 1)), 2), f"<b>{percent(float(forced_exact(TRICK[:k], 2)), 2)}</b>",
             percent(shares[k], 2) if k in shares else "–", percent(float(forced_if_put_back(TRICK[:k], 2)), 2)]
            for k in SIZES]
    figure = {"head": [N_("cards on the table"), N_("one deck: exact"), N_("two decks: exact"), N_("two decks: simulated"),
                       N_("two decks, if cards came back (wrong)")], "rows": rows, "css": "ck-forced-table"}
    if shares:
        xs = [k for k in SIZES if k in shares]
        figure["lines"] = {"two": (SIZES, [float(forced_exact(TRICK[:k], 2)) for k in SIZES]),
                           "one": (SIZES, [float(forced_exact(TRICK[:k], 1)) for k in SIZES]),
                           "simulated": (xs, [shares[k] for k in xs])}
    return figure


def play_rounds(task, players: int, games: int, seeds: random.Random) -> None:
    """Part 3's run: ``games`` first rounds, each emitted as ``first_round``'s dict with its ``players``."""
    seed = seeds.randrange(10**6)
    for i in range(games):
        if task.cancelled:
            return
        task.emit({"players": players, **first_round(players, seed + i)})
        task.advance()


def needed_figure(players: int, results) -> dict:
    """Part 3: per trump rank the cards and tricks needed and its exact chance, beside the share of the
    simulated first rounds (``results``, shown only when they had ``players``) and their share-outs."""
    results = [r for r in results if r["players"] == players]
    games, shared = Counter(), Counter()
    for r in results:
        games[RANK[r["trump"]]] += 1
        shared[RANK[r["trump"]]] += r["shared"]
    rows = [[_(rank_name(rank)), needed, tricks, percent(float(chance), 1),
             percent(games[rank] / len(results), 1) if results else "–",
             _("{share} of {n}").format(share=percent(shared[rank] / games[rank], 1), n=games[rank])
             if games[rank] else "–"]
            for rank, needed, chance, tricks in needed_table(players)]
    return {"intro": _("With {players} players a player takes on average 103/{players} = <b>{share}</b> cards. "
                       "<b>exact:</b> chance the trump card asks for more than that = <b>{p}</b>.").format(
                players=players, share=number(float(average_share(players)), 1),
                p=percent(float(above_average_chance(players)), 1)),
            "head": [N_("trump card"), N_("cards needed"), N_("tricks needed, at least"), N_("exact: chance of this rank"),
                     N_("simulated: share of games"), N_("simulated: games with a share-out")],
            "rows": rows, "css": "ck-needed-table"}


__all__ = ["SIZES", "matches_figure", "hands_text", "deal_rows", "FORCED_PLOT", "forced_figure", "play_rounds",
            "needed_figure"]


def forced_match_question() -> dict:
    """Part 1's class-board question: how often the next player must match a led 7♥ (two decks, 3 cards)."""
    exact = float(forced_exact(["7H"]))
    return dict(
        prompt=N_("The first player leads the 7♥. The next player holds 3 cards. How often must they play a 7?"),
        answer=lambda: _("1 − C(96, 3) / C(103, 3) = <b>{p}</b>: about one hand in 5. Seven 7s hide among the 103 "
                         "cards you cannot see, and a hand of 3 holds none of them about 4 times in 5.").format(
            p=percent(exact, 1)),
        choices=[N_("about 1 in 50"), N_("about 1 in 5"), N_("about 1 in 2")], qid="forced-7", right="about 1 in 5")


# -- the notebook's controls and questions, in the page's language -------------------------------------------
#: The words of the controls the lesson's notebook makes (``words(key)`` reads one in the page's language).
WORDS = {"cards": N_("Cards on the table"), "play_with": N_("Play with"), "two": N_("two decks"),
         "one": N_("one deck"), "deal": N_("Deal 1,000 hands"), "hands": N_("Hands for each row"),
         "deal_hands": N_("Deal the hands"), "dealing": N_("Dealing hands…"), "players": N_("Players"),
         "games": N_("Games"), "play": N_("Play the first rounds"), "playing": N_("Playing first rounds…")}


def words(key: str) -> str:
    return _(WORDS[key])


def hands_done(n: int) -> str:
    return _("Done: {n} hands for each row.").format(n=number(n))


def rounds_done(n: int, players: int) -> str:
    return _("Done: {n} first rounds with {players} players.").format(n=number(n), players=players)


def match_questions() -> list:
    """Part 1's questions after the class-board one: (prompt, answer)."""
    first = float(forced_exact(["7H"]))
    return [(N_("Nina says: there are 7 sevens among 103 cards, the next player has 3 cards, so the chance is "
                "3 × 7/103. Is she right?"),
             lambda: _("Close, but not quite: 3 × 7/103 = {shortcut} counts the hands with two or three 7s more "
                       "than once. Counting the hands with no 7 and taking 1 minus that gives {exact}. "
                       "With few good cards the two are near, which is why her shortcut is a fair first guess.").format(
                 shortcut=percent(21 / 103, 2), exact=percent(first, 2))),
            (N_("The fourth player of a trick faces three different ranks. How likely is a forced match for them?"),
             lambda: _("3 ranks × 7 hidden cards = 21 of the 101 cards you cannot see: 1 − C(80, 3) / C(101, 3) = "
                       "{p}. More than two and a half times as likely as for the second player: play-offs mostly "
                       "start late in a trick.").format(p=percent(float(forced_exact(TRICK[:3])), 1)))]


def decks_questions() -> list:
    """Part 2's questions: (prompt, answer)."""
    return [(N_("With one deck, a 7♥ on the table leaves 3 sevens among 51 cards; with two decks, 7 among 103. "
                "Which gives more forced matches, and why?"),
             lambda: _("Two decks: {two} against {one}. The share of matching cards is 7/103 ≈ 6.8% against "
                       "3/51 ≈ 5.9%: the card on the table takes one of 4 sevens out of one deck, but only one of "
                       "8 out of two.").format(two=percent(float(forced_exact(['7H'], 2)), 1),
                                               one=percent(float(forced_exact(['7H'], 1)), 1))),
            (N_("Why is the \"if cards came back\" column so close to the exact one here, when it was far off in "
                "other lessons?"),
             N_("Because the hand is tiny (3 cards) and the pool is big (around 100 cards). Taking one card out "
                "changes the share of matching cards very little, so putting it back or not hardly matters. The "
                "wrong count is still a little lower: a card that does not match leaves fewer non-matching cards "
                "for the next one."))]


def trump_questions() -> list:
    """Part 3's questions: (prompt, answer)."""
    return [(N_("With 4 players, which trump cards make a share-out certain? Which make one impossible?"),
             lambda: _("A player takes 103/4 = {share} cards on average, so a King (26) or an Ace (28) asks for "
                       "more than an average share: someone is surely short. None is impossible: even a 2 asks for "
                       "4 cards, and a player who took no trick at all has 0. But low trump cards make a share-out "
                       "rare.").format(share=number(float(average_share(4)), 2))),
            (N_("With 12 players, a Queen is turned. How many tricks must each player have taken, at least?"),
             lambda: _("A Queen asks for 12 × 2 = 24 cards. A trick of 12 players holds 12 cards (more with a "
                       "play-off), so at least 2 tricks each. But there are only about 103/12 ≈ {share} cards per "
                       "player: every trump card from a 5 up asks for more than that ({p} of them), so with many "
                       "players a share-out is the rule, not the exception.").format(
                 share=number(float(average_share(12)), 1), p=percent(float(above_average_chance(12)), 0)))]


__all__ += ["WORDS", "words", "hands_done", "rounds_done", "match_questions", "decks_questions", "trump_questions"]
