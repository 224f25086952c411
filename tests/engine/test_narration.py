"""Narration for a seat: its own player reads as "you", with the words agreeing ("You draw 7.")."""
import copy
import pickle
from collections import Counter
import random
import re

import pytest

import cardkit
from cardkit.core.events import Event, Phrase, conjugate, render

#: (game, options) played many times at random: every template that can occur, with every expansion.
GAMES = [
    ("flip7", {}), ("eights", {}), ("trump21", {}), ("skitgubbe", {}),
    ("frantic", {}), ("frantic", {"troublemaker": True, "supercharge": True}),
]

#: Times each template is read by every seat: enough for every seat to be named by it, and its values
#: to vary; the thousands more times a random game says it prove nothing new.
EACH_TEMPLATE = 200

#: A word after a subject "you" that is a third-person form: "you draws", "you has".
YOU_THEN = re.compile(r"(?:^|[^\w'])(?:(\w+) )?[Yy]ou (\w+)")


def played(game_id, options, games, seed0):
    """Every event and status line of ``games`` random games, with its state's player count."""
    for k in range(games):
        rng = random.Random(seed0 + k)
        game = cardkit.make(game_id, seed=seed0 + k, **options)
        lo, hi = game.players_range
        game = cardkit.make(game_id, players=rng.randint(lo, min(hi, 6)), seed=seed0 + k, **options)
        state = game.new_state()
        statuses = []
        while not state.is_over and len(state.history) < 3000:
            statuses.append(state.status_line())
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
        statuses.append(state.status_line())
        yield state.players, state.events, statuses


def wrong_agreement(text: str) -> str | None:
    """The first "you <verb>s" in ``text`` (not "Everyone but you draws"), or None."""
    for before, word in YOU_THEN.findall(text):
        if before != "but" and conjugate(word) != word:
            return f"you {word}"
    return None


def check_line(line: str, viewer: int, what) -> None:
    assert f"Player {viewer}" not in line, (what, line)
    assert "you's" not in line.lower(), (what, line)
    assert wrong_agreement(line) is None, (what, line)
    assert not re.search(r"(^|[.!?] )you\b", line), ("a sentence starts with a capital You", line)
    assert not re.search(r"\b[Yy]ou \w+ you\b|\bof you\b|\byour[.,;:]", line), ("yourself, yours", line)


@pytest.mark.parametrize("game_id,options", GAMES, ids=[g + ("+" if o else "") for g, o in GAMES])
def test_every_event_and_status_reads_as_you_to_its_seat(game_id, options):
    """Random games render every event and status line for every seat: no "Player N" for the viewer,
    verbs agreeing with "you", and what a line says about others unchanged."""
    templates = Counter()
    yous = 0
    for players, events, statuses in played(game_id, options, 25, 7000):
        for event in events:
            templates[event.template] += 1
            if templates[event.template] > EACH_TEMPLATE:     # a line read this often reads so again
                continue
            for viewer in range(players):
                line = event.text_for(viewer)
                check_line(line, viewer, event.template)
                if "you" not in line.lower():
                    assert line == event.text, (viewer, event)     # a line not about you reads as before
                yous += line != event.text
        for status in statuses:
            if type(status) is not Phrase:          # a line that names nobody
                assert not re.search(r"Player \d", status), status
                continue
            templates[status.template] += 1
            if templates[status.template] > EACH_TEMPLATE:
                continue
            for viewer in range(players):
                check_line(status.for_seat(viewer), viewer, status.template)
    assert yous and len(templates) >= 15


def test_verbs_agree_with_you():
    for verb, plain in [("draws", "draw"), ("has", "have"), ("is", "are"), ("busts", "bust"), ("plays", "play"),
                        ("passes", "pass"), ("takes", "take"), ("freezes", "freeze"), ("wishes", "wish"),
                        ("does not answer", "do not answer"), ("goes", "go"), ("carries", "carry"),
                        ("flips", "flip"), ("must", "must"), ("stays", "stay"), ("touches", "touch")]:
        assert conjugate(verb) == plain
        event = Event((0, "x", "{p} {p:" + verb + "} it.", "r", 0))
        assert event.text == f"Player 0 {verb} it." and event.text_for(0) == f"You {plain} it."
        assert event.text_for(1) == event.text


def test_you_as_object_possessive_and_pronoun():
    event = Event((1, "gives", "{p} {p:gives} {t} a card; {t}'s hand grows, {p:their} shrinks.", "r", 1, 0))
    assert event.text == "Player 1 gives Player 0 a card; Player 0's hand grows, their shrinks."
    assert event.text_for(0) == "Player 1 gives you a card; your hand grows, their shrinks."
    assert event.text_for(1) == "You give Player 0 a card; Player 0's hand grows, your shrinks."
    assert event.text_for(None, ["Ada", "Bob"]) == "Bob gives Ada a card; Ada's hand grows, their shrinks."
    # a sentence that starts with the player starts with a capital
    assert render("Done. {p} {p:wins}: {p} {p:has} {p:their} cards.", (0,), 0) == "Done. You win: you have your cards."
    # the same player again as the object, a possessive at the end, "of"
    assert render("{p} {p:freezes} {t}: out.", (0, 0), 0) == "You freeze yourself: out."
    assert render("{p} {p:freezes} {t}: out.", (0, 0), 1) == "Player 0 freezes Player 0: out."
    assert render("Its effect is {p}'s.", (0,), 0) == "Its effect is yours."
    assert render("{p} {p:destroys} a trump of {t}.", (1, 0), 0) == "Player 1 destroys a trump of yours."


def test_several_seats_agree_in_the_plural():
    event = Event((None, "win", "{who} {who:wins}.", "r", (0, 2)))
    assert event.text == "Player 0 and Player 2 win."
    assert event.text_for(2) == "Player 0 and you win."
    assert Event((None, "win", "{who} {who:wins}.", "r", (2,))).text_for(2) == "You win."
    assert Event((None, "win", "{who} {who:wins}.", "r", (2,))).text_for(0) == "Player 2 wins."


def test_the_shared_table_names_others_and_you_yourself():
    event = Event((1, "gives", "{p} {p:gives} {t} a card.", "r", 1, 0))
    assert event.text_for(0, ["Ada", "Bob"]) == "Bob gives you a card."
    assert event.text_for(1, lambda s: ["Ada", "Bob"][s]) == "You give Ada a card."


def test_recording_keeps_the_text_for_the_table():
    """The text every seat shared (replays, comparisons) is still the third person, unchanged by a seat's reading."""
    state = cardkit.make("flip7", players=2, seed=3).new_state()
    events = state.apply(state.legal_actions()[0])
    texts = [e.text for e in events]
    assert all("You" not in t for t in texts)
    assert any(e.text_for(e.seat) != e.text for e in events if e.seat is not None)     # read as "you"
    assert [e.text for e in events] == texts
    assert "Player" in state.status_line() and "your turn" in state.view(state.current_player).status.lower()


def test_a_phrase_survives_a_copy_and_views_hold_plain_text():
    phrase = Phrase("{p} {p:wins}.", (0,))
    for again in (pickle.loads(pickle.dumps(phrase)), copy.deepcopy(phrase)):
        assert again == "Player 0 wins." and again.for_seat(0) == "You win."
    state = cardkit.make("eights", players=2, seed=1).new_state()
    assert type(state.view(None).status) is str and type(state.view(0).status) is str


def check_label(label: str, viewer: int, what) -> None:
    assert f"Player {viewer}" not in label, (what, label)
    assert "you's" not in label.lower() and wrong_agreement(label) is None, (what, label)


@pytest.mark.parametrize("game_id,options", GAMES, ids=[g + ("+" if o else "") for g, o in GAMES])
def test_refusals_and_move_labels_read_as_you_to_the_seat_asked(game_id, options):
    """Every muted move's refusal and every move's label, read by the seat asked: "you", never its
    "Player N"; ``str()`` of the refusal keeps the third person and the rule; the label the page shows
    finds the move, as the engine's label does."""
    refusals = labels = 0
    for k in range(4):
        game = cardkit.make(game_id, players=3, seed=8000 + k, **options)
        state, rng = game.new_state(), random.Random(k)
        while not state.is_over and len(state.history) < 400:
            for seat in state.to_act():
                legal = state.legal_actions(seat)
                candidates = list(state.candidate_actions(seat))
                for action in candidates:
                    shown = action.label_for(seat)
                    check_label(shown, seat, action)
                    assert str(cardkit.core.action_labelled(candidates, shown, seat)) == str(action)
                    labels += shown != str(action)
                    if action in legal:
                        continue
                    try:
                        state.listed(action, legal, seat)
                        continue                              # it means a listed move
                    except cardkit.IllegalAction as refused:
                        exc = refused
                    reason = exc.reason_for(seat)
                    check_line(reason[:1].upper() + reason[1:], seat, exc)     # it follows "Not allowed:"
                    assert str(exc).endswith(f"(rule {exc.rule})") and exc.rule in {r.id for r in game.rules}
                    if reason != exc.args[0]:
                        refusals += 1
                        assert f"Player {seat}" in str(exc) and "you" in reason.lower()
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
    assert refusals or game_id == "skitgubbe"        # skitgubbe shows no muted move naming its player
    # eights and skitgubbe name nobody in a move; plain Frantic aims nothing at one's own seat
    assert labels or game_id in ("eights", "skitgubbe") or (game_id == "frantic" and not options)


def test_the_eights_refusal_speaks_to_the_player_who_must_draw_first():
    state = cardkit.make("eights", players=3, seed=1).new_state(deck=["9H", "KS", "7C", "QD", "8C", "10D", "JH"])
    seat = state.current_player
    with pytest.raises(cardkit.IllegalAction) as refused:
        state.apply(cardkit.core.Pass(), seat)
    error = refused.value
    assert str(error) == f"Player {seat} must play or draw first; you pass only after drawing (rule eights.draw)"
    assert error.reason_for(seat) == "you must play or draw first; you pass only after drawing"
    other = (seat + 1) % 3
    assert error.reason_for(other) == f"Player {seat} must play or draw first; you pass only after drawing"
    assert error.reason_for(other, ["Ada", "Bob", "Cy"]).startswith(f"{['Ada', 'Bob', 'Cy'][seat]} must play")


def test_a_move_naming_its_own_player_reads_you_on_that_page_and_is_found_by_either_label():
    from cardkit.games.frantic.actions import Aim, Pick, Split, Stack, Trade
    state = cardkit.make("flip7", players=3, seed=1).new_state(deck=["5", "9", "4", "Freeze"])
    state.apply(state.legal_actions()[0])                             # Player 0 hits and flips the Freeze
    legal = state.legal_actions(0)
    assert [str(a) for a in legal] == ["Freeze → Player 0", "Freeze → Player 1", "Freeze → Player 2"]
    assert [a.label_for(0) for a in legal] == ["Freeze → you", "Freeze → Player 1", "Freeze → Player 2"]
    assert [a.label_for(0, ["Ada", "Bob", "Cy"]) for a in legal] == ["Freeze → you", "Freeze → Bob", "Freeze → Cy"]
    found = cardkit.core.action_labelled
    assert found(legal, "Freeze → you", 0) == found(legal, "Freeze → Player 0") == legal[0]
    assert found(legal, "Freeze → you") is None                       # a page's words need the page's seat
    assert found(legal, "Freeze → Bob", 0, ["Ada", "Bob", "Cy"]) == legal[1]
    # a move no rule says more of is quoted in its refusal, as the page labels it
    refused = state.not_a_choice(legal[0])
    assert str(refused) == '"Freeze → Player 0" is not one of the choices now (rule flip7.turn)'
    assert refused.reason_for(0) == '"Freeze → you" is not one of the choices now'
    assert (Pick(0).label_for(0), Aim(0).label_for(0), Pick(1).label_for(0)) == ("Pick yourself", "Aim at yourself",
                                                                                  "Pick Player 1")
    assert str(Pick(0)) == "Pick Player 0" and Stack(0, 1).label_for(0) == "Your cards → Player 1"
    assert Trade(0, 1).label_for(0) == "Swap power cards of you and Player 1"
    assert Split((0, 0, 1, 2)).label_for(1) == "Player 0 draws 2, you draw 1, Player 2 draws 1"
    assert str(Split((0, 0, 1, 2))) == "Player 0 draws 2, Player 1 draws 1, Player 2 draws 1"
    # a refusal that names a move reads the move as the page's button does
    from cardkit.games.trump21.actions import DestroyTrump
    state = cardkit.make("trump21", players=2, seed=1).new_state()
    seat = state.current_player
    refused = state.why_illegal(DestroyTrump(seat), seat)
    assert str(refused) == (f"Destroy a hidden trump of Player {seat} is chosen only after playing a Destroy "
                            "(rule trump21.destroy)")
    assert refused.reason_for(seat) == "Destroy a hidden trump of yours is chosen only after playing a Destroy"


def test_a_status_line_names_the_others_by_the_names_given():
    state = cardkit.make("flip7", players=2, seed=7).new_state()
    seat = state.current_player
    assert state.view_status(seat, ["Ada", "Bob"]) == state.view_status(seat) == state.view(seat).status
    other = 1 - seat
    assert ["Ada", "Bob"][seat] in state.view_status(other, ["Ada", "Bob"])
    assert f"Player {seat}" in state.view_status(other)
