"""Widgets without a browser: ipywidgets' dummy comm lets Button.click() run the real handlers."""
import html
import re
import subprocess
import sys
import types
from fractions import Fraction

import ipywidgets as W
import pytest

import cardkit
import cardkit.games.eights.prob
import cardkit.games.flip7.prob
import widgets as w
from cardkit import IllegalAction, i18n
from cardkit.insight import COUNT, EXPECTED, POINTS, PROBABILITY, Insight


def labels(panel):
    return [b.description for b in panel.buttons]


def button(panel, label):
    return next(b for b in panel.buttons if b.description == label)


# -- cards and table -----------------------------------------------------------------------------
def test_card_html_face_and_back():
    face = w.card_html("12")
    assert ">12<" in face and "border-radius" in face and "ck-card" in face
    back = w.card_html(None)
    assert "ck-card-back" in back and ">12<" not in back
    row = w.cards_html(["3", None, "Freeze"])
    assert row.count('class="ck-card ') == 3 and "Freeze" in row
    view = w.CardView("x2")
    assert "x2" in view.value
    view.card = None
    assert "ck-card-back" in view.value


def test_long_card_names_break_where_the_game_allows_and_are_drawn_bigger():
    from cardkit.games.frantic.cards import HINTS
    from widgets.play.cards import BREAK, card_button, label_font
    plain = w.card_html("Counterattack")
    broken = w.card_html("Counterattack", HINTS)
    assert ">Counter&shy;attack<" in broken and "&shy;" not in plain and BREAK not in broken
    assert "hyphens:manual" in broken                     # "none" would hide the hyphen at the break
    assert label_font(f"Counter{BREAK}attack") > label_font("Counterattack")
    assert label_font("All-Seeing") > label_font("AllxSeeing")   # a hyphen is a break too
    assert 'title="Counterattack"' in broken              # the whole name stays in the tooltip
    assert "&shy;" not in w.card_html("Skip r", HINTS)
    button = card_button("Counterattack", HINTS)          # the card picker's buttons wrap the same way
    assert button.description == f"Counter{BREAK}attack" and button.tooltip == "Counterattack"
    assert int(button.style.font_size[:-2]) > int(card_button("Counterattack").style.font_size[:-2])    # short names are left alone


def test_wide_card_names_fit_inside_the_card():
    """"Love your enemy" and "Damage+2" overflowed their cards (issue 28): letters such as m, y and +
    are wider than the average the sizes assumed. Widths measured in chromium, bold DejaVu Sans, in em."""
    from cardkit.games.trump21.cards import HINTS
    from widgets.play.cards import label_font
    inside = 70 - 2 * 3 - 2 * 3                            # a normal card less its border and padding
    assert label_font("Love your enemy") * 3.76 <= inside  # "enemy"
    assert label_font("Exchange") * 5.42 <= inside
    damage = w.card_html("Damage+2", HINTS)
    assert ">Damage<wbr>+2<" in damage                     # it may break before the +2, showing nothing
    assert 'font-size:12px;font-weight:800' in damage and 12 * 4.61 <= inside     # "Damage"


def test_many_cards_named_in_words_are_listed_by_name_not_fanned():
    """The teacher's view fanned trump21's trump deck so that no name could be read (issue 28): a fan
    shows a card's corner, and a trump has none. Number cards still fan out."""
    from cardkit.games.trump21.cards import HINTS, TRUMPS
    from widgets.play.table import zone_html
    deck = zone_html("trump_deck", TRUMPS, HINTS, everything=True)
    assert "ck-fan" not in deck and "trump deck (top first)" in deck and f"{len(TRUMPS)} cards" in deck
    names = re.findall(r'class="ck-card-name"[^>]*>([^<]*)<', deck)
    assert names == [html.escape(t) for t in TRUMPS]                    # every name, in the deck's order
    numbers = zone_html("deck", [str(n) for n in range(1, 12)], HINTS, everything=True)
    assert "ck-fan" in numbers and "ck-card-name" not in numbers


def test_card_colours_follow_hints():
    hints = {"kind": {"Z": "zap"}, "colors": {"zap": "#123456"}}
    assert "#123456" in w.card_html("Z", hints)


def test_table_view_draws_every_seat_and_a_long_pile_as_one_card():
    state = cardkit.make("flip7", players=3, seed=1).new_state()
    table = w.TableView(state.view(0))
    assert "ck-table" in table._dom_classes
    assert len(table.seat_panels) == 3
    assert "ck-current" in table.seat_panels[state.current_player]._dom_classes
    deck = len(state.view(0).table["deck"])
    assert table.zones.value.count("ck-card-back") == 1 and f"{deck} cards" in table.zones.value
    assert state.view(0).status in table.status.value
    assert "Player 0 (you)" in table.seat_panels[0].value


def test_a_long_face_up_zone_shows_every_card_overlapped():
    from widgets.play.table import zone_html
    cards = ["12", "11", "5", "x2", "Freeze", "3", "3", "9", "10", "12", "+4", "7"] * 3
    body = zone_html("discard", cards, {})
    assert "ck-fan" in body and body.count('class="ck-card ') == len(cards)
    assert f"{len(cards)} cards" in body
    assert "ck-fan" not in zone_html("discard", cards[:5], {})   # a few cards lie side by side


# -- GameApp -----------------------------------------------------------------------------------------
@pytest.fixture
def app():
    return w.GameApp("flip7", players=3, seed=7)


@pytest.fixture
def teacher_app():
    """The app on a page that may show every card (a teacher's)."""
    return w.GameApp("flip7", players=3, seed=7, teacher_view=True)


def test_game_app_renders_a_flip7_game(app):
    assert app.game.id == "flip7" and app.state.current_player == 0
    assert isinstance(app.table, w.TableView) and isinstance(app.actions, w.ActionPanel)
    assert isinstance(app.event_log, w.EventLog) and "ck-log" in app.event_log._dom_classes
    assert labels(app.actions) == ["Hit", "Stay"]
    assert all("ck-action" in b._dom_classes for b in app.actions.buttons)
    assert app.table.view == app.state.view(0)
    assert "You flip" in app.event_log.body.value or "deals" in app.event_log.body.value


def test_clicking_hit_changes_the_table_and_the_log(app):
    before_view, before_log = app.table.view, list(app.event_log.texts)
    button(app.actions, "Hit").click()
    assert app.state.history[0].action == cardkit.make("flip7", 3, 7).new_state().legal_actions()[0]
    assert app.table.view != before_view
    assert len(app.event_log.texts) > len(before_log)
    assert any("You flip" in t for t in app.event_log.texts[len(before_log):])
    assert app.table.view == app.state.view(0)


def test_bots_answer_the_human(app):
    app.play("Hit")
    assert app.state.is_over or app.state.current_player == 0
    assert any(move.seat in (1, 2) for move in app.state.history)


def test_bots_default_to_the_games_own_bot(app):
    assert {type(bot) for bot in app.bots.values()} == {cardkit.games.bot_class("flip7")}
    assert set(app.bots) == {1, 2}


def test_the_declared_bot_is_built_with_its_seed_and_its_own_settings():
    """The app builds the declared bot as ``cls(seed=...)``: 21's counting bot keeps its own risk."""
    from cardkit.games.trump21.bots import CountingBot
    app = w.GameApp("trump21", players=2, seed=5)
    bot = app.bots[1]
    assert type(bot) is CountingBot and bot.risk == CountingBot().risk
    again = w.GameApp("trump21", players=2, seed=5).bots[1]
    assert bot.rng.random() == again.rng.random()              # seeded from the game's seed


def test_the_app_and_the_rule_stepper_start_from_the_games_declared_defaults():
    """Frantic comes as its base game; the app and the walkthrough keep no copy of the defaults, and the
    app's menus still switch the expansions on."""
    spec = cardkit.games.declaration("frantic")
    assert spec.defaults["troublemaker"] is False and spec.defaults["supercharge"] is False
    app = w.GameApp("frantic", players=4, seed=2, option_choices={"troublemaker": [False, True]})
    assert app.game.options == cardkit.make("frantic", players=4, seed=2).options
    assert not app.game.options["troublemaker"] and not app.state.view(0).seats[0].get("powers")
    app.option_menus["troublemaker"].value = True
    assert app.game.options["troublemaker"] is True
    stepper = w.RuleStepper("frantic", start="frantic.troublemaker_cards")
    assert not stepper.game.options["troublemaker"] and stepper.demo.game.options["troublemaker"]


def test_undo_restores_the_earlier_state(app):
    first = app.state.view(0)
    history = list(app.state.history)
    app.play("Hit")
    assert app.state.view(0) != first
    w_undo = app.undo_button
    assert not w_undo.disabled
    w_undo.click()
    assert app.state.view(0) == first and app.state.history == history
    assert app.table.view == first


def test_undo_goes_back_one_human_decision_only(app):
    app.play("Hit")
    if app.state.is_over:
        pytest.skip("round over")
    middle = app.state.view(0)
    app.play("Hit")
    app.undo()
    assert app.state.view(0) == middle


def test_back_and_forward_browse_history_read_only(app):
    app.play("Hit")
    n = len(app.state.history)
    live = app.state.view(0)
    app.back_button.click()
    assert app.browse == n - 1
    expected = cardkit.replay(app.game, app.state.history[:n - 1]).view(0)
    assert app.table.view == expected
    assert app.actions.buttons == []                       # read-only while browsing
    with pytest.raises(IllegalAction):
        app.play("Hit")
    assert len(app.state.history) == n
    for _ in range(n + 2):
        app.back_button.click()
    assert app.browse == 0
    assert app.table.view == app.game.new_state().view(0)
    app.forward_button.click()
    assert app.browse == 1
    app.resume_button.click()
    assert app.browse is None and app.table.view == live
    assert labels(app.actions) == ["Hit", "Stay"] or app.state.is_over


def test_forward_to_the_end_resumes(app):
    app.play("Hit")
    app.back()
    app.forward()
    assert app.browse is None


def test_teacher_toggle_changes_the_view(teacher_app):
    app = teacher_app
    assert app.teacher_toggle.layout.display != "none"
    assert app.table.view.seat == 0
    app.teacher_toggle.value = True
    assert app.table.view == app.state.view(None) and app.table.view != app.state.view(0)
    assert app.table.view.seat is None
    app.teacher_toggle.value = False
    assert app.table.view == app.state.view(0)


def test_new_game_with_a_seed_matches_the_engine(app):
    app.seed_box.value = "123"
    app.new_button.click()
    expected = cardkit.make("flip7", players=3, seed=123).new_state().view(0)
    assert app.game.seed == 123 and app.table.view == expected and app.state.view(0) == expected
    assert app.state.history == []


def test_new_game_rejects_a_bad_seed(app):
    seed = app.game.seed
    app.seed_box.value = "abc"
    app.new_button.click()
    assert app.game.seed == seed and "whole number" in app.message.value


def test_hot_seat_has_no_bots():
    app = w.GameApp("flip7", players=2, seed=3, humans=(0, 1))
    app.play("Stay")
    assert app.state.current_player == 1 and app.table.view.seat == 1
    assert app.bots == {}


def _give_app():
    # Player 0 flips a Freeze: the only legal moves are "Freeze → Player k"; Hit and Stay are shown muted.
    app = w.GameApp("flip7", players=3, seed=1, deck=["5", "9", "4", "Freeze"])
    app.play("Hit")
    assert app.state.decision.kind == "give"
    return app


def test_illegal_button_is_muted_and_explains_without_changing_anything():
    app = _give_app()
    hit = button(app.actions, "Hit")
    assert "ck-illegal" in hit._dom_classes and hit.button_style == ""
    assert button(app.actions, "Freeze → Player 1").button_style == "primary"
    before, history = app.state.view(None), list(app.state.history)
    hit.click()
    reason = app.state.why_illegal(hit.choice.action, 0)
    assert reason.reason_for(0) in app.actions.message.value         # to the page's player: "you must first..."
    assert "you must first choose" in app.actions.message.value and "Player 0" not in app.actions.message.value
    assert reason.rule in app.actions.message.value
    assert app.game.rule(reason.rule).title in app.actions.message.value
    assert app.state.view(None) == before and app.state.history == history


def test_a_stale_button_cannot_make_a_move(app):
    old_stay = button(app.actions, "Stay")
    button(app.actions, "Hit").click()
    history = list(app.state.history)
    view = app.state.view(None)
    old_stay.click()                                  # from the earlier state, still alive in the page
    assert app.state.history == history and app.state.view(None) == view
    assert "earlier moment" in app.actions.message.value


def test_a_stale_button_after_undo_cannot_make_a_move(app):
    app.play("Hit")
    old = list(app.actions.buttons)
    app.undo()
    history = list(app.state.history)
    for b in old:
        b.click()
    assert app.state.history == history


def test_action_panel_text_is_the_action_label():
    state = cardkit.make("flip7", players=3, seed=1).new_state(deck=["Freeze", "5", "9"])
    panel = w.ActionPanel(on_action=None)
    panel.update(state, state.current_player)
    assert labels(panel) == [str(a) for a in state.candidate_actions()]
    legal = state.legal_actions()
    for b in panel.buttons:
        assert ("ck-illegal" in b._dom_classes) == (b.choice.action not in legal)
    # without on_action the panel applies through the engine itself
    button(panel, str(legal[0])).click()
    assert state.history == [(0, legal[0])]


def test_action_panel_never_trusts_a_button_for_another_seat():
    state = cardkit.make("flip7", players=2, seed=1).new_state()
    panel = w.ActionPanel()
    panel.update(state, 1)                            # seat 1 is waiting: no buttons
    assert panel.buttons == [] and "Waiting" in panel.message.value


def test_play_checks_the_engine(app):
    with pytest.raises(IllegalAction):
        app.play("Freeze → Player 1")
    assert app.state.history == []


def test_event_log_tags_rules():
    state = cardkit.make("flip7", players=2, seed=1).new_state()
    log = w.EventLog()
    log.update(state.events, state.game.rules)
    deal = state.game.rule("flip7.deal")
    assert "ck-rule-tag" in log.body.value and deal.title in log.body.value
    assert log.texts == [e.text for e in state.events]
    # newest at the bottom: the box is column-reverse, so the newest item comes first in the HTML
    body = log.body.value
    assert body.index(state.events[-1].text) < body.index(state.events[0].text)


def test_on_change_observers(app):
    seen = []
    app.on_change(lambda a: seen.append(len(a.state.history)))
    app.play("Hit")
    assert seen and seen[-1] == len(app.state.history)


# -- RuleStepper -----------------------------------------------------------------------------------
def test_rule_stepper_walks_the_rules():
    stepper = w.RuleStepper("flip7")
    rules = cardkit.make("flip7").rules
    assert rules[0].title in stepper.rule_html.value and "ck-rule" in stepper.rule_html._dom_classes
    assert stepper.prev_button.disabled
    stepper.next_button.click()
    assert stepper.rule.id == rules[1].id and rules[1].text in stepper.rule_html.value
    stepper.prev_button.click()
    assert stepper.rule.id == rules[0].id
    stepper.dropdown.value = len(rules) - 1
    assert stepper.rule.id == rules[-1].id and stepper.next_button.disabled


TEST_DEMOS = {"flip7.bust": {"players": 2, "options": {}, "deck": ["7", "9", "7", "3"],
                             "actions": ["Hit"], "caption": "A second 7 busts."},
              "flip7.turn": {"players": 2, "options": {}, "deck": ["5", "9", "6"],
                             "actions": ["Hit", "Stay"], "caption": "Hit, then stay."}}


def test_a_demo_in_view_is_built_when_its_button_is_pressed_once():
    stepper = w.RuleStepper("flip7", start="flip7.turn", demos=TEST_DEMOS, demo_in_view=True)
    button, = stepper.demo_box.children
    assert stepper.demo is None and "ck-open-in-view" in button._dom_classes
    button.click()
    demo = stepper.demo
    assert demo is not None and stepper.demo_box.children == (demo,) and button.disabled
    button._handle_button_msg(button, {"event": "click"}, [])          # a forged second click
    assert stepper.demo is demo


def test_a_stepper_with_demos_in_view_builds_the_demo_of_a_rule_it_moves_to():
    stepper = w.RuleStepper("flip7", demos=TEST_DEMOS, demo_in_view=True)
    stepper.dropdown.value = [r.id for r in stepper.rules].index("flip7.turn")
    assert stepper.demo is not None and stepper.demo_box.children == (stepper.demo,)


def test_rule_demo_steps_through_the_script():
    stepper = w.RuleStepper("flip7", start="flip7.turn", demos=TEST_DEMOS)
    assert stepper.alone and stepper.nav is None and stepper.dropdown is None   # one rule: nothing to navigate
    demo = stepper.demo
    assert demo is not None and "Hit, then stay." in demo.caption.value
    start = demo.table.view
    demo.step_button.click()
    assert [str(move.action) for move in demo.state.history] == ["Hit"]
    assert demo.table.view != start and any("flips 6" in t for t in demo.event_log.texts)
    demo.step_button.click()
    assert [str(move.action) for move in demo.state.history] == ["Hit", "Stay"] and demo.step_button.disabled
    demo.replay_button.click()
    assert demo.state.history == [] and demo.table.view == start


def test_rule_demo_bust_reaches_the_rule():
    demo = w.RuleStepper("flip7", start="flip7.bust", demos=TEST_DEMOS).demo
    events = demo.step()
    assert any(e.rule == "flip7.bust" for e in events)


def test_rule_demo_bad_script_is_a_friendly_message():
    demos = {"flip7.turn": {"players": 2, "deck": ["5", "9"], "actions": ["Fly"], "caption": ""}}
    demo = w.RuleStepper("flip7", start="flip7.turn", demos=demos).demo
    assert demo.step() == [] and "not a legal move" in demo.message.value


def test_rule_stepper_walks_just_the_rules_named_in_their_order():
    stepper = w.RuleStepper("flip7", rules=["flip7.freeze", "flip7.deal"], demos=TEST_DEMOS)
    assert [r.id for r in stepper.rules] == ["flip7.freeze", "flip7.deal"] and not stepper.alone
    assert [label for label, _i in stepper.dropdown.options] == ["1. Freeze", "2. The deal"]
    stepper.next()
    assert stepper.rule.id == "flip7.deal" and stepper.next_button.disabled
    assert w.RuleStepper("flip7", rules=["flip7.freeze", "flip7.deal"], start="flip7.deal").rule.id == "flip7.deal"
    with pytest.raises(ValueError, match="has no rule 'flip7.nope'"):
        w.RuleStepper("flip7", rules=["flip7.deal", "flip7.nope"])
    with pytest.raises(ValueError, match="at least one rule"):
        w.RuleStepper("flip7", rules=[])


def test_unknown_start_rule_says_so():
    with pytest.raises(ValueError, match="no rule"):
        w.RuleStepper("flip7", start="flip7.nope")


# -- probability (stubs stand in for a game's prob.py; the explorer's tests are in test_explorer.py) --
def _stub_prob(monkeypatch):
    mod = types.ModuleType("cardkit.games.flip7.prob")
    mod.insights = lambda view: [
        Insight("Chance to bust on a hit", Fraction(12, 79), PROBABILITY, "duplicates left / cards left"),
        Insight("Cards in the deck", view.facts["deck"], POINTS, "what the seat's view says")]
    mod.next_card = lambda state, seat: {"number": Fraction(3, 4), "action": Fraction(1, 4)}
    monkeypatch.setitem(sys.modules, "cardkit.games.flip7.prob", mod)
    return mod


def test_format_value_shows_each_kind_as_what_it_is():
    assert w.format_value(Fraction(12, 79), PROBABILITY) == "12/79 ≈ 15.2%"
    assert w.format_value(Fraction(1), PROBABILITY) == "100%"
    assert w.format_value(0, PROBABILITY) == "0%"
    assert w.format_value(1, COUNT) == "1" and w.format_value(Fraction(4), COUNT) == "4"
    assert w.format_value(1, POINTS) == "1 point" and w.format_value(0, POINTS) == "0 points"
    assert w.format_value(Fraction(45), POINTS) == "45 points"
    assert w.format_value(Fraction(15, 2), EXPECTED) == "7.50 points"
    assert w.format_value(Fraction(-7, 4), EXPECTED) == "−1.75 points"
    assert w.format_value(Fraction(1604, 101), COUNT) == "15.9"       # an average count: one decimal, no fraction
    assert w.format_value(Fraction(15, 2)) == "15/2 ≈ 7.50"         # no kind: a plain number
    assert w.format_value(True) == "yes"


def test_probability_panel_follows_the_app(monkeypatch, app):
    _stub_prob(monkeypatch)
    panel = w.ProbabilityPanel(app)
    assert "12/79 ≈ 15.2%" in panel.insights.value
    chart = panel.chart.value
    assert w.play.probability.CHART_TITLE in chart                        # the chart says what it is
    assert chart.index(">number<") < chart.index(">action<")
    assert "width:75.0%" in chart and "width:25.0%" in chart        # each bar as long as its chance
    assert '"probability">3/4 ≈ 75.0%</td>' in chart and '"probability">1/4 ≈ 25.0%</td>' in chart
    app.play("Hit")
    assert f'data-kind="points">{app.state.view(0).facts["deck"]} points</td>' in panel.insights.value


def test_probability_panel_shows_a_score_of_one_as_a_point_not_a_percentage():
    state = cardkit.make("flip7", players=2, seed=1).new_state(deck=["1", "2"])     # Player 0 holds the 1
    html = w.play.probability.insights_html(cardkit.games.flip7.prob.insights(state.view(0)))
    assert "Your round score now" in html and ">1 point</td>" in html and "100%" not in html


def test_probability_panel_counts_cards_you_may_play_as_a_count():
    state = cardkit.make("eights", players=3, seed=1).new_state()
    html = w.play.probability.insights_html(cardkit.games.eights.prob.insights(state.view(0)))
    assert 'data-kind="count">5</td>' in html                    # all 5 may lead: a count, not "500%"


def test_probability_panel_without_a_prob_module(monkeypatch, app):
    monkeypatch.setitem(sys.modules, "cardkit.games.flip7.prob", None)   # import fails like a missing module
    panel = w.ProbabilityPanel(app)
    assert panel.chart.value == "" and "no probability notes" in panel.note.value


def test_bad_options_raise_for_the_author():
    with pytest.raises(ValueError):
        w.GameApp("flip7", players=3, options={"target": -5})


# -- against the real prob.py ---------------------------------------------------------------
def test_real_probability_panel(app):
    from cardkit.games.flip7 import prob
    panel = w.ProbabilityPanel(app)
    dist = prob.next_card(app.state, 0)
    assert [f">{k}</th>" in panel.chart.value for k in dist] == [True] * len(dist)
    assert "ck-insights" in panel.insights.value


def test_the_chart_draws_nothing_when_there_is_nothing_to_show():
    assert w.play.probability.chart_html({}) == ""                                       # no card to take
    assert w.play.probability.chart_html({"a": Fraction(0), "b": Fraction(0)}) == ""     # nothing possible
    assert w.play.probability.chart_html({"goes over": Fraction(1), "stays": Fraction(0)}) == ""   # one outcome certain
    assert "stays" in w.play.probability.chart_html({"goes over": Fraction(1, 2), "stays": Fraction(1, 2)})


def test_the_probability_corner_opens_without_plotly():
    """The corner is HTML: opening it imports no plotting library, so it opens at once on a busy server
    (plotly's import and its 5 MB page bundle took most of its 14-20 s there)."""
    code = ("import sys, widgets; app = widgets.GameApp('flip7', players=3, seed=7);"
            "panel = widgets.ProbabilityPanel(app); assert 'ck-next-card' in panel.chart.value;"
            "print([m for m in ('plotly', 'anywidget', 'pandas') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_trump21_corner_over_the_target_says_so_and_draws_nothing():
    # Player 0: hidden 10, open 9 (19); Player 1: 2 and 3. Player 0 takes the 5: 24, over 21.
    app = w.GameApp("trump21", players=2, humans=(0,), deck=["10", "2", "9", "3", "5"],
                    options={"gamble_chance": 0.0})
    panel = w.ProbabilityPanel(app)
    assert '"probability">4/41 ≈ 9.8%</td>' in panel.chart.value                  # 19: a 2 hits 21
    app.play("Take")
    text = panel.insights.value
    assert app.state.total(0) == 24
    assert 'Over the target by</td><td class="ck-value" data-kind="count">3</td>' in text
    assert "You are at 24, over the target 21" in text
    assert "more than 0" not in text and "Perfect Draw" not in text and "exactly" not in text
    assert panel.chart.value == ""                                                 # every card keeps you over


def test_skitgubbe_corner_after_the_game_draws_nothing_and_counts_plays_in_words():
    import random
    import re
    app = w.GameApp("skitgubbe", players=3, seed=2, humans=(0,))
    panel = w.ProbabilityPanel(app)
    rng, seen = random.Random(1), []
    while not app.state.is_over:
        if app.paused is not None:
            app.next_button.click()
            continue
        app.play(rng.choice([str(a) for a in app.state.legal_actions()]))
        seen.append(panel.insights.value)
    turning = [t for t in seen if "turns away at" in t]
    in_words = re.compile(r"turns away at (1 play|([02-9]|\d\d+) plays); (1 play lies|([02-9]|\d\d+) plays lie) there now")
    assert turning and all(in_words.search(t) for t in turning)
    assert "Cards needed, on average" in seen[0] and not re.search(r"average</td><td[^>]*>\d+/\d+", seen[0])
    assert "The game is over: there is nothing left to compute." in panel.insights.value
    assert panel.chart.value == "" and panel.note.value == ""


def test_a_whole_game_to_the_end_hot_seat():
    import random
    rng = random.Random(5)
    app = w.GameApp("flip7", players=2, seed=11, humans="all", options={"target": 40})
    moves = 0
    rounds = 0
    while not app.state.is_over and moves < 2000:
        if app.paused is not None:             # a round end is shown until Next round
            assert app.actions.buttons == [] and app.next_button in app.actions.box.children
            app.next_button.click()
            rounds += 1
            continue
        legal = [b for b in app.actions.buttons if "ck-illegal" not in b._dom_classes]
        rng.choice(legal).click()
        moves += 1
    assert rounds == len(app.state.round_ends) - 1       # every round end but the last, which is the result
    assert app.state.is_over and app.actions.buttons == []
    assert "Game over" in app.table.status.value and "Game over" in app.actions.message.value
    app.undo()                                   # undo works from the end too
    assert not app.state.is_over


def test_table_view_is_generic_over_views():
    from collections import Counter
    from cardkit import View
    view = View(seat=0, seats=[{"hand": ["7♥", "J♠"]}, {"hand": [None] * 5}, {"hand": [None] * 14}],
                table={"stock": [None] * 20, "discard": ["8♦"]}, scores=[3, 2, 1], status="P0 to play",
                facts={"suit": "♥"}, unseen=Counter(), current_player=0)
    table = w.TableView(view, names=["Ann", "Bob", "Cy"])
    assert "Ann (you)" in table.seat_panels[0].value and "#c62828" in table.seat_panels[0].value
    for seat, count in ((1, 5), (2, 14)):          # face-down cards: one stacked back and a count
        assert table.seat_panels[seat].value.count("ck-card-back") == 1
        assert f"{count} cards" in table.seat_panels[seat].value
    assert "20 cards" in table.zones.value and "8♦" in table.zones.value


def test_components_share_one_css_widget():
    app = w.GameApp("flip7", players=2, seed=1)
    stepper = w.RuleStepper(game="flip7")
    assert app.children[0] is stepper.children[0] is app.table.children[0]
    assert "<style>" in app.children[0].value
    app.children[0].close()
    assert w.style_widget().comm is not None          # a closed one is replaced


# -- a second game through the same widgets ----------------------------------------------------
def cards_of(panel):
    return [b.description for b in panel.card_buttons]


def card(panel, label):
    return next(b for b in panel.card_buttons if b.description == label)


def _eights(**kwargs):
    return w.GameApp("eights", players=kwargs.pop("players", 3), seed=kwargs.pop("seed", 7), humans=(0,),
                     deck=kwargs.pop("deck", ["8H", "KS", "9C", "9H", "QD", "10C"]),
                     options={"hand_size": kwargs.pop("hand_size", 2)}, **kwargs)


def test_eights_hand_cards_are_buttons_and_an_eight_asks_for_the_suit():
    app = _eights()
    assert cards_of(app.actions) == ["8♥", "9♥"] and labels(app.actions) == ["Draw", "Pass"]
    assert all(isinstance(b, w.ui.buttons.Button) and "ck-card-button" in b._dom_classes for b in app.actions.card_buttons)
    assert "penalty points: <b>0</b>" in app.table.you_html.value
    assert "Announced suit" not in app.table.zones.value
    card(app.actions, "8♥").click()                          # an 8 alone is not a move: the suit is missing
    assert app.state.history == [] and app.actions.selection == ("8H",)
    assert "ck-picked" in card(app.actions, "8♥")._dom_classes
    suits = [b for b in app.actions.part_buttons if "ck-part" in b._dom_classes]
    assert len(suits) == 4
    next(b for b in suits if b.description == "announce ♣").click()
    assert app.state.history[0].action == app.state.game.action_from_dict(
        {"type": "Play", "cards": ["8H"], "announce": "C"})
    assert any("You announce ♣" in t for t in app.event_log.texts)


def test_eights_announced_suit_stays_on_the_table_until_the_next_card():
    seat = w.GameApp("eights", players=2, seed=7, humans=(0, 1), deck=["8H", "KS", "9C", "9H"],
                     options={"hand_size": 2})
    seat.play("Play 8♥, announce ♣")
    assert "Announced suit" in seat.table.zones.value and "♣ clubs" in seat.table.zones.value
    seat.play("Draw")
    assert "♣ clubs" in seat.table.zones.value
    seat.play("Pass")
    seat.play("Play 9♣")
    assert "Announced suit" not in seat.table.zones.value


def test_a_card_that_fits_alone_plays_on_one_click():
    app = _eights(players=2, deck=["9H", "KS", "7C", "QD"])   # Player 0 leads: any single card
    assert cards_of(app.actions) == ["9♥", "7♣"]
    card(app.actions, "9♥").click()
    assert app.state.history[0] == (0, app.state.game.action_from_dict({"type": "Play", "cards": ["9H"], "announce": None}))
    assert any("You play 9♥" in t for t in app.event_log.texts)


def test_several_cards_of_one_rank_are_picked_then_played_together():
    two = w.GameApp("eights", players=2, seed=3, humans=(0, 1), deck=["9H", "KS", "9C", "QS", "10H", "9S"],
                    options={"hand_size": 3})
    two.play("Play 10♥")                       # Player 0 leads; Player 1 (K♠ Q♠ 9♠) cannot follow
    two.play("Draw")
    two.play("Pass")
    panel = two.actions                        # Player 0 holds 9♥ 9♣: both 9s go on the 10♥ together
    assert two.seat == 0 and cards_of(panel) == ["9♥", "9♣"]
    moves = len(two.state.history)
    card(panel, "9♣").click()                  # 9♣ does not fit the 10♥ by itself, but may join 9♥
    assert len(two.state.history) == moves
    if panel.selection:
        card(panel, "9♣").click()              # a second press puts it back
    assert panel.selection == ()
    card(panel, "9♥").click()
    assert panel.selection == ("9H",) and len(two.state.history) == moves
    confirm = next(b for b in panel.part_buttons if "ck-confirm" in b._dom_classes)
    assert confirm.description == "Play 9♥" and "ck-action" in confirm._dom_classes
    card(panel, "9♥").click()                  # a second press puts the card back
    assert panel.selection == () and panel.part_buttons == []
    card(panel, "9♥").click()
    next(b for b in panel.part_buttons if "ck-clear" in b._dom_classes).click()
    assert panel.selection == () and len(two.state.history) == moves
    card(panel, "9♥").click()
    card(panel, "9♣").click()                  # complete, and nothing more can join: it plays at once
    assert len(two.state.history) == moves + 1
    assert any("plays 9♥ 9♣ together" in t for t in two.event_log.texts)


def test_a_card_that_cannot_be_played_explains_the_rule():
    app = w.GameApp("eights", players=2, seed=1, humans=(0,), deck=["9S", "KH", "7H", "QD", "JC", "10D", "QS"],
                    options={"hand_size": 3})
    app.play("Play 9♠")                  # the bot (Player 1: K♥ Q♦ 10♦) draws the Q♠ and plays it or passes
    if app.state.is_over or app.state.current_player != 0:
        pytest.fail("the human should be to play")
    wrong = [b for b in app.actions.card_buttons if "ck-unpickable" in b._dom_classes]
    assert wrong, cards_of(app.actions)
    before = app.state.view(None), list(app.state.history)
    wrong[0].click()
    message = app.actions.message.value
    assert "Not allowed" in message and "eights." in message and "rule" in message
    assert (app.state.view(None), app.state.history) == before and app.actions.selection == ()


def test_a_card_button_from_an_earlier_moment_makes_no_move():
    app = _eights(players=2, deck=["9H", "KS", "7C", "QD"])
    old = card(app.actions, "7♣")
    card(app.actions, "9♥").click()
    history = list(app.state.history)
    old.click()
    assert app.state.history == history and "earlier moment" in app.actions.message.value


@pytest.mark.parametrize("game_id", cardkit.list_games())
def test_every_games_demos_play_to_their_end(game_id):
    stepper = w.RuleStepper(game_id, alone=False)
    played = 0
    for i in range(len(stepper.rules)):
        stepper.go(i)
        if stepper.demo is None:
            continue
        while not stepper.demo.done:
            assert stepper.demo.step(), (stepper.rule.id, stepper.demo.message.value)
        played += 1
    assert played >= len(stepper.rules) - 3


# -- state in traits, no shadowed log, undo and browsing without replays ---------------------------
def test_the_app_keeps_ipywidgets_own_log_and_names_its_event_log():
    import logging
    app = w.GameApp("flip7", players=2, seed=1)
    assert isinstance(app.log, logging.Logger) and isinstance(app.event_log, w.EventLog)
    assert not hasattr(w.EventLog, "warning")              # no logger-forwarding shims
    demo = w.RuleStepper("flip7", start="flip7.turn", demos=TEST_DEMOS).demo
    assert isinstance(demo.log, logging.Logger) and isinstance(demo.event_log, w.EventLog)


def test_what_the_page_shows_is_held_in_traits(teacher_app):
    app = teacher_app
    seen = {"browse": [], "teacher": [], "version": [], "view": []}
    app.observe(lambda ch: seen["browse"].append(ch["new"]), "browse")
    app.observe(lambda ch: seen["teacher"].append(ch["new"]), "teacher")
    app.observe(lambda ch: seen["version"].append(ch["new"]), "version")
    app.table.observe(lambda ch: seen["view"].append(ch["new"]), "view")
    app.play("Hit")
    assert seen["version"] and seen["view"][-1] == app.state.view(0)
    n = len(app.state.history)
    app.back_button.click()
    assert seen["browse"] == [n - 1] and app.browse == n - 1
    app.resume_button.click()
    assert seen["browse"] == [n - 1, None]
    app.teacher_toggle.value = True                        # the toggle and the trait are one
    assert app.teacher and seen["teacher"] == [True] and app.table.view.seat is None
    app.teacher = False
    assert not app.teacher_toggle.value and app.table.view == app.state.view(0)
    assert app.seat == 0 and app.table.you == 0


def test_on_change_is_a_thin_wrapper_over_the_version_trait(app):
    calls = []

    def callback(a):
        calls.append(a.version)
    app.on_change(callback)
    app.play("Hit")
    assert calls == [app.version]
    app.on_change(callback, remove=True)
    app.back()
    assert calls == [app.version - 1]


class _Counting:
    """Counts every apply on states of ``cls`` and every cardkit.replay while it is active."""

    def __init__(self, monkeypatch, cls):
        self.applies = self.replays = 0
        apply, replay = cls.apply, cardkit.replay

        def counted_apply(state, *args, **kwargs):
            self.applies += 1
            return apply(state, *args, **kwargs)

        def counted_replay(*args, **kwargs):
            self.replays += 1
            return replay(*args, **kwargs)
        monkeypatch.setattr(cls, "apply", counted_apply)
        monkeypatch.setattr(cardkit, "replay", counted_replay)

    def reset(self):
        self.applies = self.replays = 0


def test_back_forward_and_undo_do_not_replay_the_game(monkeypatch):
    app = w.GameApp("flip7", players=4, seed=21, options={"target": 1000})
    for _ in range(12):
        if app.state.is_over or app.paused is not None:
            break
        legal = [str(a) for a in app.state.legal_actions()]
        app.play("Hit" if "Hit" in legal and len(app.state.lines[0]["numbers"]) < 3 else legal[-1])
    total = len(app.state.history)
    assert total >= 10
    count = _Counting(monkeypatch, type(app.state))
    app.back()                                 # one step back: only the moves since the last kept copy
    first = count.applies
    assert app.browse == total - 1 and first < total
    _ = app.shown_state, app.shown_state, app.shown_view()
    assert count.applies == first              # a shown state is made once, not on every look
    for _ in range(5):
        count.reset()
        app.back()
        assert count.applies < total, count.applies
    count.reset()
    app.forward()
    assert count.applies < total
    app.resume()
    count.reset()
    app.undo()
    assert count.applies == 0 and count.replays == 0


def test_new_game_can_be_undone(app):
    app.play("Hit")
    seed, history = app.game.seed, list(app.state.history)
    app.seed_box.value = "99"
    app.new_button.click()
    assert app.game.seed == 99 and app.state.history == [] and not app.undo_button.disabled
    assert "Undo brings the previous one back" in app.message.value
    app.undo_button.click()
    assert app.game.seed == seed and app.state.history == history
    assert app.seed_box.value == str(seed) and app.table.view == app.state.view(0)


def test_a_crowded_table_draws_the_other_seats_as_small_tiles_with_counts():
    state = cardkit.make("skitgubbe", players=12, seed=2).new_state()
    table = w.TableView(state.view(0), hints=w.play.app._hints("skitgubbe"))
    others = [table.seat_panels[s].value for s in range(1, 12)]
    assert "ck-crowded" in table.seats_box._dom_classes and len(table.seats_box.children) == 11
    assert all("3 cards" in html and "ck-card-back" not in html for html in others)
    assert "ck-card-back" not in table.seat_panels[0].value      # your own cards stay face up
    few = w.TableView(cardkit.make("skitgubbe", players=4, seed=2).new_state().view(0), hints=w.play.app._hints("skitgubbe"))
    assert "ck-crowded" not in few.seats_box._dom_classes and "ck-card-back" in few.seat_panels[1].value


def test_a_score_the_game_words_is_shown_in_its_words():
    """Skitgubbe's place is 0 while a player is still in: the seat says "still in", not "0" (issue 28)."""
    import dataclasses
    view = cardkit.make("skitgubbe", players=4, seed=2).new_state().view(0)
    table = w.TableView(dataclasses.replace(view, scores=[0, 2, 0, 1]), hints=w.play.app._hints("skitgubbe"))
    assert "place: <b>still in</b>" in table.seat_panels[0].value and "<b>0</b>" not in table.seat_panels[0].value
    assert "place: <b>2</b>" in table.seat_panels[1].value


def test_the_players_menu_starts_a_game_with_that_many_seats_and_undo_brings_the_last_one_back():
    app = w.GameApp(game="skitgubbe", players=4, seed=5, player_choices=range(3, 13))
    assert list(app.players_menu.options) == list(range(3, 13)) and app.players_menu.value == 4
    first = app.state
    app.players_menu.value = 12
    assert app.players == 12 and len(app.state.view(0).seats) == 12 and len(app.table.seat_panels) == 12
    assert app.game.seed == 5                  # the seed in the box, as New game does
    assert sorted(app.bots) == list(range(1, 12)) and "12 players" in app.title.value
    app.undo_button.click()
    assert app.state is first and app.players == 4 and app.players_menu.value == 4 and sorted(app.bots) == [1, 2, 3]
    hidden = w.GameApp(game="flip7", players=3, seed=1)
    assert hidden.players_menu.layout.display == "none"


def test_after_a_move_the_focus_goes_to_the_next_move(app, monkeypatch):
    focused = []
    monkeypatch.setattr(type(app.actions.buttons[0]), "focus", lambda self: focused.append(self))
    button(app.actions, "Hit").click()
    if app.state.is_over or app.paused is not None:
        pytest.skip("the round ended")
    target = app.actions.focused
    assert target is button(app.actions, "Hit") and "ck-action" in target._dom_classes
    assert focused == []                       # not shown in the page yet: the focus waits for its view
    target._view_count = 1                     # what the page reports once it draws the button
    assert focused == [target]
    target._view_count = 2
    assert focused == [target]                 # once


def test_the_toolbar_comes_after_the_moves():
    app = w.GameApp("flip7", players=2, seed=1)
    main = app.children[-1].children[0]
    assert main.children[0] is app.table and main.children[1] is app.toolbar
    tools = app.toolbar.children
    assert tools[0] is app.undo_button and tools[-2] is app.new_button and tools[-1] is app.save_open
    assert app.actions in app.table.you_box.children       # the moves sit in your own seat's panel
    assert app.table.seat_panels[1] in app.table.seats_box.children
    assert app.table.seat_panels[0] not in app.table.seats_box.children


def test_your_hand_is_drawn_once_as_buttons_next_to_your_moves():
    app = _eights(teacher_view=True)
    assert app.table.hand_zones == ("hand",)
    assert "9♥" not in app.table.you_html.value and "(you)" in app.table.you_html.value
    app.teacher = True
    assert "(you)" in app.table.you_html.value and app.table.you == 0


# -- teacher view and piles --------------------------------------------------------------------------
def test_teacher_view_shows_every_card_of_the_deck(teacher_app):
    app = teacher_app
    deck = app.state.view(None).table["deck"]
    assert app.table.zones.value.count("ck-card-back") == 1
    app.teacher = True
    zones = app.table.zones.value
    assert "ck-card-back" not in zones
    assert zones.count('class="ck-card ') == len(deck) + len(app.state.view(None).table["discard"])
    assert f"{len(deck)} cards" in zones and "(top first)" in zones
    assert "Player 0 (you)" in app.table.you_html.value


def test_a_pile_of_a_few_cards_still_shows_its_count():
    from widgets.play.table import zone_html
    hints = {"piles": ["bank"], "top_first": ["bank"]}
    assert "3 cards" in zone_html("bank", [None] * 3, hints)
    assert "1 card" in zone_html("bank", [None], hints)
    assert "2 cards" in zone_html("bank", ["AS", "KS"], hints)
    assert "1 card" in zone_html("stock", [None], {})


# -- demos ---------------------------------------------------------------------------------------------
def test_a_demo_without_moves_is_a_picture_of_the_set_up():
    demo = w.RuleStepper("flip7", start="flip7.deal").demo
    assert demo.script == [] and demo.step_button not in demo.controls.children
    assert demo.replay_button not in demo.controls.children
    assert "set-up" in demo.step_label.value and "scripted" not in demo.step_label.value
    assert demo.table.view.seats[0]["numbers"]              # the dealt cards are there to see


def test_demo_steps_say_step_k_of_n_and_the_move():
    demo = w.RuleStepper("flip7", start="flip7.turn", demos=TEST_DEMOS).demo
    assert demo.step_button.description == "Step 1 of 2: Hit"
    demo.step_button.click()
    assert "After step 1 of 2: <b>Hit</b>" in demo.step_label.value
    assert demo.step_button.description == "Step 2 of 2: Stay"
    demo.step_button.click()
    assert demo.step_button.disabled and "last step" in demo.step_label.value
    for demo_label in (demo.step_label.value, demo.step_button.description):
        assert "scripted" not in demo_label


# -- round ends --------------------------------------------------------------------------------------
def _play_until_a_round_ends(app, rng=None):
    import random
    rng = rng or random.Random(1)
    while app.paused is None and not app.state.is_over:
        legal = [str(a) for a in app.state.legal_actions()]
        app.play("Stay" if "Stay" in legal and len(app.state.history) > 2 else rng.choice(legal))


def test_a_stage_that_scores_nothing_ends_without_a_table_of_zeros():
    app = w.GameApp("skitgubbe", players=3, seed=2)
    while app.paused is None:
        app.play(str(app.state.legal_actions()[0]))
    assert app.paused.title == "The first round is over"
    assert "The first round is over" in app.actions.message.value and "ck-round-scores" not in app.actions.message.value


def test_a_round_end_is_shown_until_next_round():
    app = w.GameApp("flip7", players=3, seed=7)
    _play_until_a_round_ends(app)
    end = app.paused
    assert end is app.state.round_ends[0] and end.title == "Round 1 is over"
    history = list(app.state.history)
    shown = app.table.view
    assert shown.seats == end.view.seats and any(zones["numbers"] for zones in shown.seats)   # the lines as they ended
    assert shown.status == "Round 1 is over"
    assert app.actions.buttons == [] and app.actions.box.children == (app.next_button,)
    assert app.actions.focused is app.next_button
    summary = app.actions.message.value
    for seat, score in enumerate(end.view.scores):
        assert f"score: {score}" in summary
    with pytest.raises(IllegalAction, match="Next round"):
        app.play("Hit")
    assert app.state.history == history
    app.next_button.click()
    assert app.paused is None or app.paused is app.state.round_ends[1]
    assert app.paused is not None or app.state.is_over or app.state.current_player == 0
    assert app.table.view != shown


def test_the_log_at_a_round_end_stops_with_the_round_until_next_round():
    """The log showed the next round's deal (and the deck's top card) while the panel said the round
    was over (issue 28): it shows the round that ended; Next round brings the deal, marked new."""
    app = w.GameApp("flip7", players=3, seed=7)
    _play_until_a_round_ends(app)
    end = app.paused
    assert len(app.state.events) > end.event_index                 # the rules dealt round 2 already
    assert app.event_log.events == app.state.events[:end.event_index]
    assert "Round 2" not in app.event_log.body.value and "Round 1 is over" in app.event_log.body.value
    app.next_button.click()
    assert app.event_log.events[:end.event_index + 1] == app.state.events[:end.event_index + 1]
    assert "Round 2" in app.event_log.body.value
    first_new = app.event_log.body.value.index("ck-new")
    assert app.event_log.body.value.index("Round 2") > first_new     # the deal is highlighted as new


def test_a_demo_that_ends_a_round_stops_on_the_round_as_it_ended():
    """The Flip 7 demo of the seven-card line ended on a table already in round 2 (issue 28)."""
    from cardkit.games.flip7 import DEMOS
    demo = w.RuleDemo("flip7", DEMOS["flip7.flip7"])
    while not demo.done:
        demo.step()
    view = demo.table.view
    assert view.status.startswith("Round 1") and len(view.seats[0]["numbers"]) == 7
    assert "Flip 7!" in demo.event_log.body.value and "Round 2" not in demo.event_log.body.value
    demo.reset()
    assert not demo.state.round_ends and all(card is None for card in demo.table.view.table["deck"])
    demo.peek.value = True                    # peeking: every card, as the teacher sees them
    assert demo.table.view == demo.state.view(None)


def test_a_demo_draws_what_no_player_sees_face_down_until_peek():
    """Huit américain's deal says "No card is turned up": its picture showed the bank's A♥ (issue 39)."""
    demo = w.RuleStepper("eights", start="eights.deal").demo
    view = demo.table.view
    assert all(card is None for card in view.table["bank"])
    assert all(card is None for seat in view.seats for card in seat["hand"])
    assert demo.peek.layout.display is None and "every card is shown" not in demo.step_label.value
    demo.peek.value = True
    assert demo.table.view == demo.state.view(None) and "every card is shown" in demo.step_label.value


def test_eights_shows_every_hand_at_the_end_of_a_deal_and_of_the_match():
    import random
    app = w.GameApp("eights", players=3, seed=7, options={"limit": 30})
    rng = random.Random(2)
    deals = 0
    while not app.state.is_over:
        if app.paused is not None:
            hands = [zones["hand"] for zones in app.table.view.seats]
            assert all(None not in hand for hand in hands)            # revealed, for everyone to count
            assert any(hand for hand in hands[1:])
            assert app.state.view(0).seats[1]["hand"].count(None) == len(app.state.view(0).seats[1]["hand"])
            deals += 1
            app.next_round()
            continue
        app.play(rng.choice(app.state.legal_actions()))
    assert deals == len(app.state.round_ends) - 1
    final = app.table.view
    assert "Match over" in final.status and "Match over" in app.table.status.value
    assert all(None not in zones["hand"] for zones in final.seats)
    assert "Game over" in app.actions.message.value


def test_undo_from_a_round_end_goes_back_to_the_last_move():
    app = w.GameApp("flip7", players=3, seed=7)
    _play_until_a_round_ends(app)
    last = max(k for k, move in enumerate(app.state.history) if move.seat == 0)
    app.undo()
    assert app.paused is None and len(app.state.history) == last and app.state.current_player == 0
    assert app.actions.buttons


def test_a_demo_may_stack_the_other_piles_a_game_stacks():
    demo = w.RuleDemo("trump21", {"players": 2, "deck": ["5", "6", "7", "8"], "piles": {"trumps": ["Shield"]},
                                  "actions": [], "caption": "A Shield on top of the trump deck."})
    assert demo.state.stacked_piles == {"trumps": ["Shield"]} and demo.state.stacked == ["5", "6", "7", "8"]


def test_option_menus_start_a_game_with_that_option_and_undo_brings_the_last_one_back():
    app = w.GameApp(game="frantic", players=4, seed=61, options={"troublemaker": False, "supercharge": False},
                    option_choices={"troublemaker": [False, True], "supercharge": [False, True]})
    menu = app.option_menus["supercharge"]
    assert isinstance(menu, W.Checkbox) and menu.value is False and "Supercharge" in menu.description
    assert menu in app.toolbar.children
    first = app.state
    assert not first.view(0).seats[0].get("powers")          # no power cards dealt
    menu.value = True
    assert app.game.options["supercharge"] is True and app.game.options["troublemaker"] is False
    assert app.game.seed == 61 and all(app.state.view(0).seats[0]["powers"])  # the seed in the box; own powers seen
    assert "Undo brings the previous one back" in app.message.value
    app.undo_button.click()
    assert app.state is first and menu.value is False and app.options["supercharge"] is False
    menu.value = True                             # and again after Undo: the menu still starts games
    assert app.game.options["supercharge"] is True


def test_an_option_menu_of_values_is_a_dropdown_and_a_refused_change_leaves_the_game():
    app = w.GameApp(game="flip7", players=3, seed=4, option_choices={"target": [100, 200, 300]})
    menu = app.option_menus["target"]
    assert isinstance(menu, W.Dropdown) and [v for _, v in menu.options] == [100, 200, 300]
    menu.value = 100
    assert app.game.options["target"] == 100
    first = app.state
    app.seed_box.value = "not a seed"
    menu.value = 300
    assert app.state is first and menu.value == 100 and "seed" in app.message.value


def test_option_choices_naming_an_unknown_option_or_a_bad_value_say_what_is_allowed():
    with pytest.raises(ValueError, match="no option 'speed'; allowed: target"):
        w.GameApp(game="flip7", option_choices={"speed": [1, 2]})
    with pytest.raises(ValueError, match="option supercharge must be True or False"):
        w.GameApp(game="frantic", option_choices={"supercharge": [False, "yes"]})


def test_many_moves_fold_by_family_and_each_choice_is_a_step_with_a_way_back():
    app = w.GameApp(game="frantic", players=4, seed=35,       # Player 0 holds Mimicry and two power cards
                    options={"troublemaker": True, "supercharge": True})
    panel = app.actions
    assert len(panel.buttons) > 100 and len(panel.top) <= panel.MANY
    mimicry = next(b for b in panel.top if b.description == "Play Mimicry …")
    assert "ck-folder" in mimicry._dom_classes and "ways" in mimicry.tooltip
    mimicry.click()
    copies = [b.description for b in panel.box.children]
    assert "as green Skip …" in copies and copies[-1] == "Back" and len(copies) < 30
    next(b for b in panel.box.children if b.description == "as green Skip …").click()
    targets = [b.description for b in panel.box.children]
    assert "Play Mimicry as green Skip → Player 2" in targets and len(targets) <= panel.MANY
    next(b for b in panel.box.children if b.description == "Back").click()
    assert [b.description for b in panel.box.children] == copies
    next(b for b in panel.box.children if b.description == "as green Skip …").click()
    next(b for b in panel.box.children if b.description == "Play Mimicry as green Skip → Player 2").click()
    assert app.state.history[0].action.copy == "Skip g" and app.state.history[0].action.target == 2


def test_a_move_family_is_the_words_before_its_target_copy_or_power_card():
    from widgets.play.move_panel import family_of
    label = "Play Mimicry as Gift r → Player 1 + Looping"
    assert [family_of(label, d) for d in range(5)] == ["Play Mimicry", "Play Mimicry as Gift r",
                                                      "Play Mimicry as Gift r → Player 1", label, label]
    assert family_of("Draw") == "Draw" and family_of("Give Freeze → Player 2") == "Give Freeze"


@pytest.mark.parametrize("game_id", cardkit.list_games())
def test_every_cards_text_is_readable_on_its_face_and_read_once_by_name(game_id):
    """Issue 39: a card's text reaches 4.5:1 on its tinted face (gold trumps, teal events were 2.9 and
    4.0), and a screen reader reads a card once: the card is an image named by the card, its corner
    and face texts hidden."""
    from widgets.play.cards import _tint, card_color, card_html, contrast, ink
    from widgets.ui.declared import hints as game_hints
    hints = game_hints(game_id)
    for card in set(cardkit.make(game_id).make_deck()):
        color = card_color(card, hints)
        assert contrast(ink(color, _tint(color)), _tint(color)) >= 4.5, (card, color)
        drawn = card_html(card, hints)
        assert 'role="img"' in drawn and 'aria-label="' in drawn
        assert drawn.count("<span") == drawn.count('<span aria-hidden="true"'), drawn
    if game_id in ("eights", "skitgubbe"):
        assert 'aria-label="Queen of hearts"' in card_html("QH", hints)


def test_a_demo_names_its_moves_in_the_pages_language():
    """The script says ``str(action)``; the Step button and the line after a step show the move's label."""
    from cardkit import i18n
    with i18n.using("de"):
        demo = w.RuleStepper("flip7", start="flip7.turn", demos=TEST_DEMOS).demo
        assert demo.step_button.description == "Schritt 1 von 2: Ziehen"
        demo.step()
        assert demo.step_button.description == "Schritt 2 von 2: Stopp" and "<b>Ziehen</b>" in demo.step_label.value


def test_moves_fold_the_same_in_german_and_a_folder_names_its_family_in_german():
    """The panel folds by the engine's own labels: German words ("als", the verb last) fold alike."""
    with i18n.using("de"):
        app = w.GameApp(game="frantic", players=4, seed=35, options={"troublemaker": True, "supercharge": True})
        panel = app.actions
        assert len(panel.top) <= panel.MANY
        mimicry = next(b for b in panel.top if b.description == "Mimicry …")
        mimicry.click()
        copies = [b.description for b in panel.box.children]
        assert "als Skip grün …" in copies and copies[-1] == "Zurück" and len(copies) < 30
        next(b for b in panel.box.children if b.description == "als Skip grün …").click()
        assert "Mimicry als Skip grün → Spieler 2 spielen" in [b.description for b in panel.box.children]
