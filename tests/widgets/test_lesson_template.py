"""notebooks/lessons/_template.ipynb: a lesson made from it by changing only its settings runs
(nbval, as every notebook does) and is listed on the landing page; the template itself is not."""
from __future__ import annotations

import subprocess
import sys

import pytest

import cardkit
from widgets import catalogue

from tests._lessons import REPO, TEMPLATE, lesson_from_template


def first_legal(game_id, players, seed, deal) -> str:
    state = cardkit.make(game_id, players=players, seed=seed).new_state(deck=deal)
    return str(state.legal_actions()[0])


LESSONS = {
    "flip7_short_games": dict(WATCH=["0", "1"], DEAL=["7", "7"], MOVES=["Hit"], PLAYERS=3, SEED=11,
                              VARIANTS={"200 points": {}, "150 points": {"target": 150}, "No actions": {"actions": False}},
                              MEASURES=["rounds"], GAMES=10),
    "eights_seven_cards": dict(GAME="eights", PLAYERS=2, SEED=3, WATCH=["8H", "8S", "8C", "8D"],
                               DEAL=["9H", "7H", "KS", "QD", "JC", "10H", "8C", "AS", "7D", "9C", "KH"],
                               MOVES=[first_legal("eights", 2, 3, ["9H", "7H", "KS", "QD", "JC", "10H", "8C",
                                                                   "AS", "7D", "9C", "KH"])],
                               VARIANTS={"5 cards": {}, "7 cards": {"hand_size": 7}}, MEASURES=["rounds", "moves"],
                               GAMES=10),
}


def test_a_lesson_made_from_the_template_runs_and_is_listed(tmp_path):
    for name, settings in LESSONS.items():
        lesson_from_template(tmp_path, name, **settings)
    (tmp_path / "lessons" / "_template.ipynb").write_bytes(TEMPLATE.read_bytes())   # as `cardkit lessons copy` leaves it
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-c", str(REPO / "pyproject.toml"),
         "--rootdir", str(tmp_path), *(str(p) for p in sorted((tmp_path / "lessons").glob("*.ipynb")))],
        cwd=REPO, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    listed = {e.id: e.lessons for e in catalogue(tmp_path)}
    assert listed["flip7"] == [("Your lesson's title", "lessons/flip7_short_games.ipynb")]
    assert listed["eights"] == [("Your lesson's title", "lessons/eights_seven_cards.ipynb")]
    assert all("_template" not in path for lessons in listed.values() for _title, path in lessons)


def test_the_template_is_not_a_lesson_on_the_landing_page():
    """A skeleton with placeholder prose: the teacher's copy is listed, the template is not."""
    listed = [path for entry in catalogue(REPO / "notebooks") for _title, path in entry.lessons]
    assert listed and "lessons/_template.ipynb" not in listed


def test_a_setting_the_template_does_not_have_is_refused(tmp_path):
    with pytest.raises(AssertionError, match="no TARGET"):
        lesson_from_template(tmp_path, "flip7_x", TARGET=150)
