"""The lesson pieces, the background run, the landing tiles, and the lesson pages themselves (their
code cells run here, then their buttons are clicked as a student would)."""
import json
import re
import threading
import time
from pathlib import Path

import pytest

import cardkit
import widgets as w
from cardkit.games import game_class

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


# -- statistics --------------------------------------------------------------------------------------
def test_estimate_is_the_mean_with_a_normal_95_percent_band():
    e = w.estimate([1, 2, 3, 4, None, float("nan")])
    assert (e.n, e.mean) == (4, 2.5)
    assert e.sd == pytest.approx(1.2909944)
    assert (e.low, e.high) == pytest.approx((2.5 - 1.96 * 1.2909944 / 2, 2.5 + 1.96 * 1.2909944 / 2))
    running = w.RunningMean()
    for x in [1, 2, 3]:
        running.add(x)
    assert running.mean == 2
    running.add(4)
    assert running.estimate() == e
    assert w.estimate([7]).half == 0 and w.estimate([]).n == 0


# -- question, line picker, nav ---------------------------------------------------------------------
def test_answer_is_hidden_until_revealed():
    q = w.question("What is 2 + 2?", "4")
    assert q.shown.layout.display == "none" and not q.revealed
    q.button.click()
    assert q.revealed and q.shown.layout.display is None and "4" in q.shown.value
    assert q.button.description == "Hide the answer"
    q.button.click()
    assert q.shown.layout.display == "none"


def test_an_answer_follows_the_widget_it_depends_on():
    import ipywidgets as W
    picker = W.Dropdown(options=["9H", "AS"], value="9H")
    q = w.question("How many fit?", lambda: "13" if picker.value == "9H" else "7", follows=[picker])
    q.button.click()
    assert "13" in q.shown.value
    picker.value = "AS"
    assert "7" in q.shown.value and "13" not in q.shown.value


def test_line_picker_keeps_the_order_picked_and_calls_back():
    picker = w.LinePicker(["12", "11"])
    seen = []
    picker.on_change(seen.append)
    assert picker.line == ["12", "11"] and picker.buttons[12].value and picker.buttons[11].value
    picker.buttons[3].value = True
    picker.buttons[12].value = False
    assert picker.line == ["11", "3"] and seen[-1] == ["11", "3"]
    picker.set([])
    assert picker.line == [] and not any(b.value for b in picker.buttons)


def test_line_picker_takes_other_numbers_and_its_own_prompt():
    picker = w.LinePicker(["10"], numbers=range(1, 12), prompt="The open cards of your opponent:")
    assert [b.description for b in picker.buttons] == [str(n) for n in range(1, 12)]
    assert "opponent" in picker.children[0].value and picker.line == ["10"]


def test_nav_is_a_bar_of_real_links():
    bar = w.nav(("← All games", "../index.ipynb"), ("Flip 7: the rules", "../flip7.ipynb"))
    links = bar.children[1]
    assert "ck-nav" in links._dom_classes
    assert '<a href="../index.ipynb" class="ck-nav-back">← All games</a>' in links.value
    assert '<a href="../flip7.ipynb" class="ck-nav-secondary">' in links.value


# -- the background run ------------------------------------------------------------------------------
def test_background_run_streams_results_and_ends_done():
    seen = []

    def work(task):
        for i in range(5):
            task.emit(i)
            task.advance()

    run = w.BackgroundRun(lambda r: r.start(work, total=5, on_result=seen.append), "Go")
    run.run_button.click()
    assert run.wait(10)
    assert seen == run.results == [0, 1, 2, 3, 4]
    assert run.outcome == "done" and run.progress.value == run.progress.max == 5
    assert "Done." in run.status.value and not run.running and not run.run_button.disabled


def test_background_run_cancel_stops_and_keeps_what_was_done():
    halfway, go_on = threading.Event(), threading.Event()

    def work(task):
        for i in range(1000):
            if task.cancelled:
                return
            task.emit(i)
            task.advance()
            if i == 2:
                halfway.set()
                go_on.wait(10)

    run = w.BackgroundRun(lambda r: r.start(work, total=1000))
    run.run_button.click()
    assert halfway.wait(10) and run.running and not run.cancel_button.disabled
    run.cancel_button.click()
    go_on.set()
    assert run.wait(10)
    assert run.results == [0, 1, 2] and run.outcome == "cancelled"
    assert "Cancelled: kept what was done (3 of 1,000)" in run.status.value


def test_background_run_cancel_never_leaves_stopping_after_the_end():
    """Cancel's "Stopping…" is written before the work can see the cancel: a run that ends at once
    (the kernel's thread held up just after the cancel) still ends on "Cancelled", never on
    "Stopping…" with nothing running."""
    started = threading.Event()

    def work(task):
        started.set()
        task.wait(10)

    run = w.BackgroundRun(lambda r: r.start(work, total=10))
    run.run_button.click()
    assert started.wait(10)
    # the kernel's thread is held up on the Cancel button's redraw, after the run could end
    run.cancel_button.observe(lambda _change: time.sleep(0.3), "disabled")
    run.cancel_button.click()
    assert run.wait(10)
    assert run.outcome == "cancelled" and not run.running
    assert "Cancelled: kept what was done" in run.status.value and "Stopping" not in run.status.value


def test_background_run_shows_an_error_in_words():
    def work(task):
        raise ValueError("no cards left")

    run = w.BackgroundRun(lambda r: r.start(work, total=1))
    run.press_run()
    assert run.wait(10)
    assert run.outcome == "error" and "no cards left" in run.status.value and not run.run_button.disabled


def test_background_run_without_threads_runs_on_the_event_loop(monkeypatch):
    """As in the browser's Python (the static site): no thread can start, so the work runs on the
    event loop, with the same progress, results and end. The check runs in a thread of its own: a
    browser test earlier in the session may have left its event loop running in this one."""
    import asyncio

    def no_threads(self):
        raise RuntimeError("can't start new thread")

    def work(task):
        for i in range(5):
            if task.cancelled:
                return
            task.emit(i)
            task.advance()

    seen = {}

    def check():
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            run = seen["run"] = w.BackgroundRun(lambda r: r.start(work, total=5))
            monkeypatch.setattr(threading.Thread, "start", no_threads)
            run.press_run()
            seen["started"] = run.running and not run.wait(0)      # started, not yet run: the loop runs it
            monkeypatch.undo()
            loop.run_until_complete(asyncio.sleep(0.05))
        finally:
            asyncio.set_event_loop(None)
            loop.close()

    checker = threading.Thread(target=check)
    checker.start()
    checker.join()
    run = seen["run"]
    assert seen["started"]
    assert run.wait(0) and run.outcome == "done" and run.results == [0, 1, 2, 3, 4]
    assert run.progress.value == 5 and "Done." in run.status.value and not run.run_button.disabled


def test_none_sent_to_the_page_becomes_null_in_the_browser():
    from widgets.ui.pyodide import _nulls
    null = object()
    sent = _nulls({"state": {"display": None, "children": ["a", None]}, "buffer_paths": ()}, null)
    assert sent == {"state": {"display": null, "children": ["a", null]}, "buffer_paths": []}


# -- the landing page -------------------------------------------------------------------------------
def test_landing_tiles_come_from_the_engine_registry():
    entries = w.catalogue(NOTEBOOKS)
    assert [e.id for e in entries] == cardkit.list_games()
    for e in entries:
        assert (e.title, e.blurb) == (game_class(e.id).title, game_class(e.id).blurb)
        page = f"{e.id}.ipynb"
        assert e.walkthrough == (page if (NOTEBOOKS / page).exists() else None)   # else "coming soon"
        assert all(path.startswith(f"lessons/{e.id}_") for _, path in e.lessons)
    assert all(e.walkthrough and e.lessons for e in entries if e.id in ("flip7", "eights", "trump21", "frantic"))
    flip7 = entries[0]
    assert flip7.lessons == [("When to stop? Chance and expected value", "lessons/flip7_when_to_stop.ipynb")]


def test_a_game_without_a_walkthrough_is_coming_soon(tmp_path):
    (tmp_path / "lessons").mkdir()
    (tmp_path / "flip7.ipynb").write_text("{}")
    (tmp_path / "lessons" / "flip7_odds.ipynb").write_text(json.dumps(
        {"cells": [{"cell_type": "markdown", "source": ["# Odds and ends\n", "text"]}], "metadata": {}}))
    html = w.game_tiles(tmp_path).value
    eights = html[html.index('data-game="eights"'):]
    assert "Huit américain" in eights and "Walkthrough coming soon." in eights and "ck-walkthrough" not in eights
    assert '<a class="ck-lesson" href="lessons/flip7_odds.ipynb">Lesson: Odds and ends</a>' in html


def test_a_game_page_links_its_lessons_by_convention(monkeypatch):
    monkeypatch.chdir(NOTEBOOKS / "lessons")
    bar = w.game_nav("eights", root="..", current="lessons/eights_will_i_draw.ipynb").children[1].value
    assert 'href="../index.ipynb"' in bar and 'href="../eights.ipynb"' in bar
    assert "eights_will_i_draw" not in bar                           # not a link to the page itself
    from classroom.pages import game_nav                              # what the notebooks call
    page_bar = game_nav("eights", root="..", current="lessons/eights_will_i_draw.ipynb", join=False)
    assert 'href="../play_together.ipynb?game=eights"' in page_bar.children[1].value   # play it with others


def test_a_game_page_reads_only_its_own_games_pages_and_names_the_games_for_an_unknown_one(monkeypatch):
    assert [e.id for e in w.catalogue(NOTEBOOKS, ["eights", "flip7"])] == ["flip7", "eights"]   # the engine's order
    monkeypatch.chdir(NOTEBOOKS)
    bar = w.game_nav("flip7", current="flip7.ipynb", join=False).children[1].value
    assert 'href="lessons/flip7_when_to_stop.ipynb"' in bar and "eights" not in bar
    with pytest.raises(ValueError, match=r"unknown game 'poker': the games are flip7, .*frantic"):
        w.game_nav("poker")


# -- the lesson pages, run here and clicked ---------------------------------------------------------
def run_notebook(path: Path, monkeypatch) -> dict:
    """Run a notebook's code cells (not Voila's wait) in one namespace; what they display is kept
    in ``shown``; the notebook's folder is the working directory, as under Voila."""
    shown = []
    import IPython.display
    monkeypatch.setattr(IPython.display, "display", lambda *objs, **_kw: shown.extend(objs))
    monkeypatch.chdir(path.parent)
    ns = {"shown": shown}
    for cell in json.loads(path.read_text())["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "code" and "wait_for_request" not in source:
            exec(compile(source, str(path), "exec"), ns)
    return ns


@pytest.fixture
def flip7_lesson(monkeypatch):
    return run_notebook(NOTEBOOKS / "lessons" / "flip7_when_to_stop.ipynb", monkeypatch)


@pytest.fixture
def trump21_lesson(monkeypatch):
    return run_notebook(NOTEBOOKS / "lessons" / "trump21_card_counting.ipynb", monkeypatch)


@pytest.fixture
def eights_lesson(monkeypatch):
    return run_notebook(NOTEBOOKS / "lessons" / "eights_will_i_draw.ipynb", monkeypatch)


def test_flip7_one_more_2_in_the_singular(flip7_lesson):
    flip7_lesson["bust_part"].picker.set(["2", "12"])
    text = flip7_lesson["bust_part"].worked.value
    assert "1 more 2<" in text and "11 more 12s" in text and "1 more 2s" not in text


def test_flip7_part2_starts_on_a_line_the_questions_do_not_ask_about(flip7_lesson):
    line = flip7_lesson["value_part"].picker.line
    assert sorted(line) not in (["11", "12"], ["2", "3"])
    assert abs(flip7_lesson["flip7"].one_more_flip(line)["change"]) > 2           # not a break-even line either


def test_flip7_best_row_is_marked_only_once_the_question_is_answered(flip7_lesson):
    table, question = flip7_lesson["stop_part"].table, flip7_lesson["best_question"]
    assert "ck-best" not in table.value and question in flip7_lesson["shown"]
    question.button.click()
    assert table.value.count('class="ck-best"') == 1
    best_row = table.value.split('class="ck-best"><td>')[1]
    exact = flip7_lesson["EXACT"]
    best = max(flip7_lesson["THRESHOLDS"], key=lambda t: exact[t][0])         # the highest exact average score
    assert question.right == best and best_row.startswith(f"{best}</td>")


def test_flip7_stop_at_n_runs_in_the_background_and_cancel_keeps_the_rows(flip7_lesson):
    part = flip7_lesson["stop_part"]
    run, table = part.run, part.table
    part.count.value = 100
    run.run_button.click()
    assert run.wait(120) and run.outcome == "done"
    assert table.value.count("±") == 8 and "Done: 100 rounds for each N." in run.status.value
    figure = part.plot.children[0]
    assert list(figure.lines["simulated"]["x"]) == flip7_lesson["THRESHOLDS"]
    assert figure.drawing.value.count("<path d=") == 8                   # a ± bar at each N, drawn
    run.run_button.click()
    assert run.wait(120)
    assert part.plot.children[0] is figure                  # the figure is made once, then reused


def test_flip7_play_rounds_updates_as_it_goes_and_stops_at_once(flip7_lesson):
    part = flip7_lesson["long_run"]
    run = part.run
    part.rounds.value = 100
    run.run_button.click()
    assert run.wait(60) and run.outcome == "done"
    figure = part.plot.children[0]
    assert len(figure.lines["simulated"]["x"]) == 100 and figure.x_range == (0, 100)
    assert "After 100 rounds the average is" in run.status.value

    started = threading.Event()
    part.rounds.value = 5000
    real = part.trial

    def counted(threshold, seed):
        if run.task.done == 10:
            started.set()
        return real(threshold, seed)
    part.trial = counted
    run.run_button.click()
    assert started.wait(60)
    run.cancel_button.click()
    assert run.wait(60) and run.outcome == "cancelled"
    assert run.task.done < 5000 and "Stopped after" in run.status.value
    assert len(figure.lines["simulated"]["x"]) == run.results[-1].n == run.task.done


def test_flip7_play_rounds_draws_a_first_small_line_at_once_then_a_few_times_a_second(flip7_lesson):
    """The freeze a first press caused (seconds while plotly.js loaded and a hundred 2,000-point
    redraws queued) is gone: the plot is SVG, its first drawing holds the first round or so, later
    ones come at most every REDRAW_EVERY seconds, and none holds more than MAX_POINTS points."""
    from widgets.lessons.plots import MAX_POINTS, REDRAW_EVERY
    part = flip7_lesson["long_run"]
    run = part.run
    part.rounds.value = 2000
    drawn = []              # (when, points of the simulated line) at each drawing
    figure = part.figure(20, 2000)                       # the press below reuses it
    colour = figure.lines["simulated"]["color"]

    def simulated_points(svg):
        line = re.search(rf'<polyline points="([^"]*)" fill="none" stroke="{colour}"', svg)
        return line.group(1).count(",") if line else int(f'fill="{colour}"' in svg)     # one point: a dot
    figure.drawing.observe(lambda change: drawn.append((time.monotonic(), simulated_points(change["new"]))), "value")
    start = time.monotonic()
    run.run_button.click()
    assert run.wait(120) and run.outcome == "done"
    took = time.monotonic() - start
    points = [n for _, n in drawn if n]
    assert points[0] == 1 and points == sorted(points)                   # the first point at once, then more
    assert points[-1] == MAX_POINTS                                      # the whole run at the end (thinned)
    assert len(drawn) <= took / REDRAW_EVERY + 8                         # batched, not one per round
    assert max(points for _, points in drawn) <= MAX_POINTS
    assert 'aria-label="Average score so far, stopping at N = 20"' in figure.drawing.value
    assert isinstance(figure, w.LinePlot)


def test_a_line_plot_draws_the_first_points_at_once_and_later_ones_in_batches(monkeypatch):
    import widgets.lessons.plots as plots
    clock = [100.0]
    monkeypatch.setattr(plots.time, "monotonic", lambda: clock[0])
    plot = w.LinePlot(title="Average so far", x_title="rounds", y_title="average")
    plot.add_line("sim", "simulated")
    xs, ys = [1], [5.0]
    plot.set("sim", xs, ys)
    assert plot.drawn == 1 and 'aria-label="Average so far"' in plot.drawing.value        # at once
    for i in range(2, 50):                      # fed faster than REDRAW_EVERY: held back
        xs.append(i)
        ys.append(5.0 + i)
        plot.set("sim", xs, ys)
    assert plot.drawn == 1
    clock[0] += plots.FIRST_GAP + 1e-6
    plot.set("sim", xs, ys)                     # soon after the first: drawn, with every point so far
    assert plot.drawn == 2 and plot.drawing.value.split("<polyline")[1].count(",") == 49
    xs.append(50)
    ys.append(60.0)
    clock[0] += plots.FIRST_GAP + 1e-6          # the gaps grow: this one is too short now
    plot.set("sim", xs, ys)
    assert plot.drawn == 2
    clock[0] += 60
    for _ in range(10):                         # at most every REDRAW_EVERY once the run is under way
        clock[0] += plots.REDRAW_EVERY + 1e-6
        plot.set("sim", xs, ys)
    assert plot.drawn == 12
    plot.set("sim", xs, ys)
    assert plot.drawn == 12
    plot.flush()                                # the last one, drawn when asked
    assert plot.drawn == 13 and plot.drawing.value.split("<polyline")[1].count(",") == 50
    plot.flush()
    assert plot.drawn == 13                     # nothing new: nothing sent
    many = list(range(10_000))
    plot.set("sim", many, many, now=True)
    assert plot.drawing.value.split("<polyline")[1].count(",") == plots.MAX_POINTS
    assert "simulated" in plot.legend.value and "Average so far" in plot.heading.value


def test_eights_answer_follows_the_top_card(eights_lesson):
    question = next(q for q in eights_lesson["shown"] if "Draw 1,000 times" in q.prompt.value)
    question.button.click()
    assert "41.9%" in question.shown.value
    eights_lesson["top"].value = "AS"
    assert "22.6%" in question.shown.value and "41.9%" not in question.shown.value


def test_eights_hands_table_fits_a_phone_and_the_run_fills_it(eights_lesson):
    assert '<div class="ck-scroll"><table class="ck-lesson-table ck-hand-table">' in eights_lesson["hands"].table.value
    eights_lesson["hands"].count.value = 1000
    run = eights_lesson["hands"].run
    run.run_button.click()
    assert run.wait(120) and run.outcome == "done"
    assert "Done: 1,000 hands of each size." in run.status.value
    assert "–" not in eights_lesson["hands"].table.value
    figure = eights_lesson["hands"].plot.children[0]
    assert list(figure.lines["simulated"]["x"]) == eights_lesson["eights"].HAND_SIZES
    eights_lesson["top"].value = "AS"                                   # shares were for the 9♥: gone
    assert eights_lesson["hands"].table.value.count("–") == 10
    assert list(figure.lines["simulated"]["x"]) == []                   # from the plot as well


def test_trump21_counting_follows_the_cards_picked_in_every_part(trump21_lesson):
    lesson = trump21_lesson
    assert "11 of the 41 cards" in lesson["counted1"].value and "12/44" in lesson["counted1"].value
    assert "the same as k/N = 11/41" in lesson["split3"].value
    lesson["theirs1"].set(["10", "9", "9"])       # two of the nines that hurt you are gone
    assert "9 of the 39 cards" in lesson["counted1"].value
    assert "the same as k/N = 9/39" in lesson["split3"].value
    assert "Your opponent shows <b>28</b>" in lesson["over4"].value


def test_trump21_stepping_the_round_adds_a_row_per_move(trump21_lesson):
    lesson = trump21_lesson
    assert lesson["rows2"].value.count("<tr") == 2                     # the head and the deal
    lesson["step2"].click()
    lesson["step2"].click()
    rows = lesson["rows2"].value
    assert rows.count("<tr") == 4 and "18/39" in rows and "Player 1 takes the 3" in rows
    while not lesson["step2"].disabled:
        lesson["step2"].click()
    assert "29/38" in lesson["rows2"].value and lesson["step2"].description == "Done"
    lesson["again2"].click()
    assert lesson["rows2"].value.count("<tr") == 2 and not lesson["step2"].disabled


def test_trump21_dealing_lands_near_the_exact_chance(trump21_lesson):
    lesson = trump21_lesson
    lesson["deal3"].click()
    share = float(lesson["dealt3"].value.split("= <b>")[1].split("%")[0]) / 100
    assert abs(share - 11 / 41) < 0.006                                 # 100,000 deals: sd about 0.0014


@pytest.mark.parametrize("lesson", ["flip7_when_to_stop", "eights_will_i_draw", "trump21_card_counting"])
def test_a_lessons_pick_questions_name_themselves_and_their_right_answer(lesson, monkeypatch):
    """A question with choices is one the class board counts: it has an id, and its right answer is
    one of its choices (the board shows it when the teacher reveals)."""
    ns = run_notebook(NOTEBOOKS / "lessons" / f"{lesson}.ipynb", monkeypatch)
    picks = [q for q in [*ns["shown"], *ns.values()] if isinstance(q, w.Question) and hasattr(q, "choices")]
    assert picks
    for q in picks:
        assert q.qid and q.right in [value for _label, value in q.choices.options]


def test_an_opening_part_shows_that_it_is_at_work():
    """While ``on_demand`` builds its part the button says "Opening…" with a turning spinner (no bare
    disabled button); then the part takes its place."""
    import ipywidgets as W

    seen = []

    def factory():
        button = box.children[0].children[0]
        seen.append((button.description, button.icon, button.disabled))
        return W.HTML("opened")

    box = w.on_demand("Open the probability corner", factory)
    assert "ck-turn" in box.children[0].children[1].value           # the spinner's animation is on the page
    box.children[0].children[0].click()
    assert seen == [("Opening…", "spinner", True)]
    assert [c.value for c in box.children] == ["opened"]


# -- trump21, skitgubbe and frantic lessons: the generic blocks their pages are made of ------------------
def test_a_live_figure_follows_its_pickers_and_a_try_clears_when_they_change():
    from widgets.lessons import LiveFigure, TryMany
    picker = w.LinePicker(["3"], numbers=range(1, 6))
    figure = LiveFigure(lambda: {"intro": f"sum {sum(map(int, picker.line))}", "head": ["card"],
                                 "rows": [[c] for c in picker.line], "css": "ck-x", "outro": "end"},
                        follows=[picker])
    assert "sum 3" in figure.value and figure.value.count("<tr") == 2 and "end</p>" in figure.value
    tried = TryMany("Try", lambda rng: f"drew {rng.randrange(100)}", seed=5, follows=[picker], css_class="ck-try")
    tried.button.click()
    first = tried.result.value
    assert first.startswith("drew ") and "ck-try" in tried.button._dom_classes
    assert TryMany("Try", lambda rng: f"drew {rng.randrange(100)}", seed=5).rng.randrange(100) == int(first[5:])
    picker.set(["3", "4"])
    assert "sum 7" in figure.value and figure.value.count("<tr") == 3 and tried.result.value == ""


def test_step_through_adds_a_row_a_step_and_starts_over_with_another_deal():
    from widgets.lessons import StepThrough
    deals = []
    steps = StepThrough(3, lambda n: {"head": ["move"], "rows": [[m] for m in range(n + 1)], "best": n},
                        pictures=lambda n: {"tiles": [("5", "marked")] * n, "empty": "<i>none</i>"},
                        step_label="Move {n} of {steps}", done_label="All done", again="Again",
                        on_again=lambda: deals.append(1))
    assert steps.step.description == "Move 1 of 3" and steps.pictures.value == "<i>none</i>"
    steps.step.click()
    assert steps.rows.value.count("<tr") == 3 and steps.pictures.value.count("marked") == 1
    steps.step.click()
    steps.step.click()
    assert steps.step.disabled and steps.step.description == "All done" and steps.rows.value.count("ck-best") == 1
    steps.again.click()
    assert deals == [1] and steps.moves == 0 and not steps.step.disabled and steps.rows.value.count("<tr") == 2


def test_a_simulated_table_fills_its_column_from_a_background_run_and_plots_it():
    import ipywidgets as W
    from widgets.lessons import SimulatedTable

    def work(task, n, seeds):
        for k in range(1, 4):
            task.advance(n)
            task.emit((k, k / 10))

    def figure(results):
        found = dict(results)
        shown = {"intro": "exact and simulated", "head": ["k", "simulated"],
                 "rows": [[k, found.get(k, "–")] for k in range(1, 4)]}
        if found:
            shown["lines"] = {"simulated": (list(found), list(found.values()))}
        return shown
    size = W.Dropdown(options=[10, 20], value=20)
    table = SimulatedTable("Run", size, work, figure, lambda n: f"Done: {n} each.", seed=1, steps=3,
                           plot={"title": "k", "lines": [("simulated", "simulated", {})]})
    assert "exact and simulated" in table.head.value and table.table.value.count("–") == 3 and not table.plot.children
    table.run.run_button.click()
    assert table.run.wait(60) and table.run.outcome == "done" and table.run.progress.max == 60
    assert "Done: 20 each." in table.run.status.value and "–" not in table.table.value
    assert list(table.plot.children[0].lines["simulated"]["x"]) == [1, 2, 3]


def test_a_try_into_table_shows_its_table_before_and_after_the_press():
    from widgets.lessons import TryIntoTable
    table = TryIntoTable("Shuffle", lambda rng: rng.randrange(10), lambda found: {
        "head": ["found"], "rows": [["press Shuffle" if found is None else found]]}, seed=2)
    assert "press Shuffle" in table.table.value
    table.button.click()
    assert "press Shuffle" not in table.table.value


def test_the_lessons_figures_count_as_the_pages_say():
    from cardkit.games.frantic.lessons import event_pile
    from cardkit.games.trump21.lessons import odds_after
    from widgets.lessons.figures.frantic import RevealedPile, first_ender_figure, pile_figure
    from widgets.lessons.figures.skitgubbe import forced_figure, matches_figure, needed_figure
    from widgets.lessons.figures.trump21 import count_figure, opponent_figure, split_figure
    assert "11 of the 41 cards" in count_figure(["8", "5"], ["10"])["outro"]
    twos = odds_after(13, ["8", "5", "10", "2", "2"])
    assert (twos.k, twos.n, twos.share) == (11, 39, "28.2%")
    assert "the same as k/N = 9/39" in split_figure(["8", "5"], ["10", "9", "9"])["outro"]
    assert "<b>28</b>" in opponent_figure(["8", "5"], ["10", "9", "9"])["intro"]
    assert "19.21%" in matches_figure(1, 2)["text"]
    assert "<b>9</b> of the <b>49</b>" in matches_figure(3, 1)["text"]
    assert "50.70%" in str(forced_figure([])["rows"][2]) and "lines" not in forced_figure([])
    assert forced_figure([(1, 0.2)])["lines"]["simulated"] == ([1], [0.2])
    shown = needed_figure(4, [{"players": 5, "trump": "KS", "shared": True}])
    assert all(row[4] == "–" for row in shown["rows"])                     # another table size's games are not shown
    pile = event_pile()
    assert "1/10 = <b>10.0%</b>" in pile_figure(pile)["outro"]
    dealt = RevealedPile(pile, seed=7)
    assert "2/17 = <b>11.8%</b>" in dealt.figure(3)["rows"][3][3]
    assert len(dealt.revealed(3)["tiles"]) == 3 and dealt.revealed(0)["empty"] == "<i>No event revealed yet.</i>"
    assert "99/190 = <b>52.1%</b>" in str(first_ender_figure(pile)["rows"])


def lesson_values() -> dict:
    """The names the lesson pages pass to their board questions, computed as the pages compute them."""
    from cardkit.games.flip7 import lessons as flip7
    from cardkit.games.frantic.lessons import enders_in, event_pile
    pile = event_pile()
    return {"EXACT": flip7.stop_at_exact(list(range(5, 45, 5))), "N": sum(pile.values()), "K": enders_in(pile)}


def test_every_lesson_asks_the_class_a_pick_an_answer_question():
    """Each game's lesson has a question whose pick reaches the class board: choices, an id and a right
    answer among the choices (the board shows the class's picks as bars)."""
    import importlib
    found, values = {}, lesson_values()
    for path in sorted((NOTEBOOKS / "lessons").glob("*.ipynb")):
        if path.name.startswith("_"):
            continue
        source = "\n".join("".join(c["source"]) for c in json.loads(path.read_text())["cells"])
        game = path.stem.split("_")[0]
        figures = importlib.import_module(f"widgets.lessons.figures.{game}")
        for name, args in re.findall(r"question\(\*\*(?:\w+\.)?(\w+)\(([^)]*)\)\)", source):
            made = getattr(figures, name)(*[values[arg.strip()] for arg in args.split(",") if arg.strip()])
            assert made["right"] in made["choices"] and made["qid"], (path.name, name)
            found[path.stem] = made["qid"]
        for choices, qid, right in re.findall(r'choices=\[([^\]]*)\], qid="([\w-]+)", right="([^"]+)"', source):
            assert f'"{right}"' in choices, (path.name, qid)     # written on the page itself
            found[path.stem] = qid
    lessons = {p.stem for p in (NOTEBOOKS / "lessons").glob("*.ipynb") if not p.name.startswith("_")}
    assert set(found) == lessons, f"lessons without a board question: {sorted(lessons - set(found))}"
