"""Every word a person reads in a game, in German, French and Swedish: random games of every game
played in each language, where every move's label, refusal, event and status line is a translated
message read with its values, and the catalogs are complete."""
import importlib.util
import random
from pathlib import Path

import pytest

import cardkit
from cardkit import IllegalAction, i18n
from cardkit.bots import RandomBot
from cardkit.core.events import Phrase

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("catalogs", ROOT / "tools" / "catalogs.py")
catalogs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(catalogs)

LANGS = ("de", "fr", "sv")
GAMES = [("flip7", {}), ("trump21", {}), ("eights", {}), ("skitgubbe", {}),
         ("frantic", {"troublemaker": True, "supercharge": True}), ("frantic", {})]


@pytest.fixture(scope="module")
def messages():
    return catalogs.extract()


@pytest.mark.parametrize("lang", LANGS)
def test_the_catalog_of_each_language_is_complete(lang, messages):
    found = catalogs.problems(lang, messages)
    assert not found, f"{len(found)} problems, first: " + "\n".join(found[:30])


def _said(text: str, what: str):
    assert text and "{" not in text and "}" not in text, f"{what} leaks a message's fields: {text!r}"


def _translated(message: str, what: str, lang: str):
    assert i18n.has_translation(message, lang), f"{what} has no {lang} words: {message!r}"


def _plural_translated(singular: str, what: str, lang: str):
    """A plural entry of ``lang``'s catalogs (whose forms may be the English words: French "{n} point")."""
    chain = i18n.catalog(lang)
    while chain is not None and (singular, 0) not in getattr(chain, "_catalog", {}):
        chain = getattr(chain, "_fallback", None)
    assert chain is not None, f"{what} has no {lang} words: {singular!r}"


def _template_translated(line, what: str, lang: str) -> str:
    """The template of ``line`` (a phrase or a plain message) and of the lines and counts inside it
    have words of ``lang``; returns the template."""
    template = line.template if isinstance(line, Phrase) else str(line)
    _translated(template, what, lang)
    for value in getattr(line, "values", ()):
        if isinstance(value, Phrase):
            _translated(value.template, what + "'s inner line", lang)
        elif isinstance(value, i18n.Count):
            _plural_translated(value.singular, what + "'s count", lang)
    return template


def _check_line(line, what: str, lang: str, seat):
    """A status line or a refusal: a phrase (template + values) or a plain message."""
    _template_translated(line, what, lang)
    with i18n.using(lang):
        _said(line.for_seat(seat) if isinstance(line, Phrase) else i18n.gettext(line), what)


def _check_action(action, seat, lang):
    wording = action.wording()
    _translated(str(action) if wording is None else wording[0], f"the move {action}", lang)
    with i18n.using(lang):
        _said(action.label_for(seat), f"the move {action}")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id,options", GAMES, ids=lambda v: v if isinstance(v, str) else "-".join(v) or "base")
def test_random_games_read_every_word_in_the_language(game_id, options, lang):
    for seed in range(6):
        low, high = cardkit.make(game_id, seed=0, **options).players_range
        game = cardkit.make(game_id, players=min(high, max(low, 2 + seed % 3)), seed=seed, **options)
        state = game.new_state()
        rng = random.Random(seed)
        bots = [RandomBot(seed * 7 + s) for s in range(game.players)]
        seen = 0
        while not state.is_over and len(state.history) < 400:
            seat = state.current_player
            legal = state.legal_actions()
            for action in legal:
                _check_action(action, seat, lang)
            for reader in (seat, None):
                line = state.own_status_line(seat) if reader is not None else None
                _check_line(line or state.status_line(), "the status line", lang, reader)
            # a move of another seat, refused: the refusal is read in the language
            other = (seat + 1) % game.players
            try:
                state.apply(rng.choice(legal), other)
            except IllegalAction as refusal:
                _translated(getattr(refusal.args[0], "template", str(refusal.args[0])), "a refusal", lang)
                with i18n.using(lang):
                    _said(refusal.reason_for(other), "a refusal")
            else:
                pass            # a reaction window may let that seat act too
            state.apply(bots[state.current_player].act(None, state.legal_actions()),   # a random bot reads
                        state.current_player)                                      # no view
            for event in state.events[seen:]:
                _translated(event.template, f"the event {event.text!r}", lang)
                with i18n.using(lang):
                    for reader in (None, event.seat):
                        text = event.text_for(reader)
                        _said(text, f"the event {event.text!r}")
                        assert text != event.text or event.template in i18n._same_words(lang), (
                            f"the event {event.text!r} reads in English in {lang}")
            seen = len(state.events)
    for rule in game.rules:
        _translated(rule.title, f"rule {rule.id}'s title", lang)
        _translated(rule.text, f"rule {rule.id}'s text", lang)


def test_a_translated_line_spells_out_the_words_agreeing_with_its_reader(monkeypatch):
    """``{p:others|you|several}``: the form for the others, for the reader, for several players;
    values read in the language (numbers, counts); the engine's own text stays English."""
    from babel.messages.catalog import Catalog

    entries = Catalog(locale="de")
    entries.add("{p} {p:draws} {k}.", "{p} {p:zieht|ziehst|ziehen} {k}.")
    entries.add(("{n} card", "{n} cards"), ("{n} Karte", "{n} Karten"))
    entries.add("Player {n}", "Spieler {n}")
    entries.add("{p}'s turn.", "{p:*|Du} bist am Zug.")
    import io

    from babel.messages.mofile import write_mo
    out = io.BytesIO()
    write_mo(out, entries)
    out.seek(0)
    import gettext
    monkeypatch.setitem(i18n._catalogs, "de", gettext.GNUTranslations(out))
    from cardkit.core.events import Event
    event = Event((0, "draw", "{p} {p:draws} {k}.", "x.draw", 0, i18n.count(1234, "{n} card", "{n} cards")))
    assert event.text == "Player 0 draws 1,234 cards."
    with i18n.using("de"):
        assert event.text_for(1) == "Spieler 0 zieht 1.234 Karten."
        assert event.text_for(0) == "Du ziehst 1.234 Karten."
        assert Event((None, "draw", "{p} {p:draws} {k}.", "x.draw", (0, 1), i18n.count(1, "{n} card", "{n} cards"))
                     ).text_for(1) == "Spieler 0 und du ziehen 1 Karte."
        assert event.text == "Player 0 draws 1,234 cards."
        assert i18n.percent(0.25) == "25\xa0%" and i18n.number(0.25) == "0,25"
    assert event.text_for(0) == "You draw 1,234 cards."


def test_the_language_follows_the_address_then_the_picker_then_the_browser():
    assert i18n.negotiate(accept_language="fr-CH, fr;q=0.9, de;q=0.8") == "fr"
    assert i18n.negotiate(accept_language="ja, sv;q=0.5, de;q=0.7") == "de"
    assert i18n.negotiate(remembered="sv", accept_language="de") == "sv"
    assert i18n.negotiate(asked="de", remembered="sv", accept_language="fr") == "de"
    assert i18n.negotiate(asked="xx", accept_language="ja") == "en"
    with pytest.raises(ValueError, match="en, de, fr, sv"):
        i18n.set_language("xx")


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_numbers_read_as_babel_formats_them_for_the_language(lang):
    """The engine formats numbers without Babel (it needs only the standard library); the digits are
    Babel's (CLDR's) all the same."""
    from babel.numbers import format_decimal, format_percent
    with i18n.using(lang):
        for value in (0, 7, 1234, -1234567, 0.25, 1234.5, 0.125, 98765.4321, 2 / 3):
            assert i18n.number(value) == format_decimal(value, locale=lang)
        for value in (0.25, 0.0456, 1.0, 0.999):
            assert i18n.percent(value) == format_percent(value, locale=lang)
        assert i18n.number(2 / 3, 2) == format_decimal(2 / 3, format="#,##0.00", locale=lang)


def test_the_static_sites_wheel_speaks_from_its_compiled_catalogs(tmp_path):
    """The static site imports cardkit from a zip holding the .mo files and no .po: cardkit.i18n reads
    them from the package as it lies there."""
    import subprocess
    import sys
    spec = importlib.util.spec_from_file_location("build_site", ROOT / "tools" / "site" / "build_site.py")
    build_site = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_site)
    wheel = build_site.project_wheel(tmp_path)
    script = ("import sys; sys.path.insert(0, sys.argv[1]); from cardkit import i18n; assert '.whl' in i18n.__file__; "
              "i18n.set_language('de'); print(i18n.gettext('Shuffle 1,000 times'))")
    out = subprocess.run([sys.executable, "-c", script, str(wheel)], capture_output=True, text=True, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "1.000-mal mischen"


def _read_in(line, lang: str, what: str) -> str:
    """A line a page shows (a phrase, a Count or a plain message) checked as translated in ``lang``:
    its template and the templates of the lines inside it are msgids with words of ``lang``, it
    leaks no field, and it does not read as its English text."""
    template = _template_translated(line, what, lang)
    with i18n.using(lang):
        text = line.for_seat(None) if isinstance(line, Phrase) else i18n.gettext(str(line))
    _said(text, what)
    assert text != str(line) or template in i18n._same_words(lang), f"{what} reads in English in {lang}: {text!r}"
    return text


@pytest.mark.parametrize("game_id", ["flip7", "trump21", "eights", "skitgubbe"])
def test_the_probability_corner_reads_in_the_language(game_id):
    """Every title and reason of the corner, and the next card's outcomes, in German, French and
    Swedish: at the states of a short random game (Skitgubbe's both rounds)."""
    import importlib
    prob = importlib.import_module(f"cardkit.games.{game_id}.prob")
    seen = set()
    for seed in range(2):
        state = cardkit.make(game_id, players=3, seed=seed).new_state()
        rng = random.Random(seed)
        while not state.is_over and len(state.history) < 150:
            for item in prob.insights(state.view(0)):
                for part in (item.title, item.why):
                    key = getattr(part, "template", part)
                    if key in seen:
                        continue
                    seen.add(key)
                    for lang in LANGS:
                        _read_in(part, lang, f"{game_id}'s corner line {str(part)!r}")
            for outcome in prob.next_card(state, 0):
                for lang in LANGS:
                    _translated(outcome, f"{game_id}'s next card outcome", lang)
            state.apply(rng.choice(state.legal_actions()))
    assert len(seen) >= 5


@pytest.mark.parametrize("game_id", ["flip7", "trump21", "eights", "skitgubbe", "frantic"])
def test_the_rule_explorers_measures_seats_and_values_read_in_the_language(game_id):
    import importlib
    spec = importlib.import_module(f"cardkit.games.{game_id}.explore").EXPLORER
    english = spec["seats"](4)
    for lang in LANGS:
        for label in spec["metrics"].values():
            _translated(label, f"{game_id}'s measure", lang)
        with i18n.using(lang):
            seats = spec["seats"](4)
        assert all("{" not in s and s not in english for s in seats), (lang, seats)
        for values in spec["options"].values():
            for value in values:
                if isinstance(value, str):          # 21's preset tables of trumps
                    _translated(str(value), f"{game_id}'s value", lang)


def test_the_cores_refusals_of_impossible_moves_read_in_the_language():
    game = cardkit.make("eights", players=3, seed=0)
    state = game.new_state()
    refusals = []
    for bad in (7, 1.0):
        with pytest.raises(IllegalAction) as seat:
            state.apply(state.legal_actions()[0], bad)
        refusals.append(seat.value)
    for bad in (10**6, "x"):
        with pytest.raises(IllegalAction) as move:
            state.action_at(bad)
        refusals.append(move.value)
    assert "there is no seat 7: the seats are the whole numbers 0 to 2" in str(refusals[0])
    for refusal in refusals:
        for lang in LANGS:
            _read_in(refusal.args[0], lang, f"the refusal {refusal}")


def test_french_undo_and_cancel_are_two_words_and_undo_reads_the_same_everywhere():
    with i18n.using("fr"):
        undo, cancel = i18n.gettext("Undo"), i18n.gettext("Cancel")
        assert undo != cancel and cancel == "Annuler"
        for message in ("A new game. Undo brings the previous one back.",
                        "Undo, the teacher view or a seed you knew was used in this game: it counts as practice"):
            assert undo in i18n.gettext(message) and "Annuler" not in i18n.gettext(message)


def test_a_swedish_genitive_after_a_name_ending_in_a_digit_takes_a_colon():
    """"Spelare 0:s tur" (a name ending in a digit), "Annas tur" (a name): the renderer writes the
    form's "*s" so; the reader's own form ("din tur") is untouched."""
    from cardkit.core.events import render
    template = "Deal {d}, {p}'s turn: {wanted}, or {x}."
    with i18n.using("sv"):
        assert "Spelare 0:s tur" in render(template, (1, 0, "x", "y"), None)
        assert "Annas tur" in render(template, (1, 0, "x", "y"), None, names=["Anna", "Bo"])
        assert "din tur" in render(template, (1, 0, "x", "y"), 0)
    with i18n.using("de"):
        assert ":s" not in render(template, (1, 0, "x", "y"), None)
