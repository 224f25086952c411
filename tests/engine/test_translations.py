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


def _check_line(line, what: str, lang: str, seat):
    """A status line or a refusal: a phrase (template + values) or a plain message."""
    template = line.template if isinstance(line, Phrase) else str(line)
    _translated(template, what, lang)
    for value in getattr(line, "values", ()):
        if isinstance(value, Phrase):
            _translated(value.template, what + "'s inner line", lang)
        elif isinstance(value, i18n.Count):
            _translated(value.singular, what + "'s count", lang)
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
