"""The "Play with others" widget: pages at one table, each showing its own seat; moves through the store."""
import html
import json
import random
import re
from pathlib import Path

import pytest

from classroom.store import open_store
from cardkit.games.flip7.actions import Give
from classroom.pages.shared_table import SharedTable


@pytest.fixture
def store(tmp_path):
    with open_store(f"sqlite:///{tmp_path / 'classes.sqlite'}") as opened:
        yield opened


def test_pages_at_one_table_each_show_their_own_seat_and_see_the_others_moves(store):
    host = SharedTable("frantic", store=store, poll=None)
    host.name_box.value = "Ada"
    code = host.create(3)
    guest = SharedTable("frantic", store=store, poll=None)
    assert guest.join(code.lower(), "Bob")
    assert (host.seat, guest.seat) == (0, 1)
    assert "1 of 3 seats free. Waiting for the others, or for the creator's Start" in guest.info.value
    assert host.start_button.layout.display is None and guest.start_button.layout.display == "none"
    host.start()                                   # seat 2 is a bot from now on
    rng = random.Random(1)
    for _ in range(40):
        for page in (host, guest):
            page.refresh(force=True)
            assert page.table.view.seat == page.seat and page.table.you == page.seat
            assert page.actions.seat == page.seat
        state = store.table_state(code)
        if state.is_over:
            break
        asked = state.current_player
        page = (host, guest)[asked]
        page.play(asked, rng.choice(state.legal_actions(asked)))
        other = (host, guest)[1 - asked]
        other.refresh()
        assert other.shown_moves == len(store.table_state(code).history)
    assert "Player 0 · Ada" in guest.info.value and "Player 2 · bot" in guest.info.value


def ada_and_bob(store, game="flip7", seed=None):
    """Ada creates a table of two with ``game`` and Bob joins it (a full table starts by itself): their
    pages and the table's code."""
    host = SharedTable(game, store=store, poll=None, seed=seed)
    host.name_box.value = "Ada"
    code = host.create(2)
    guest = SharedTable(game, store=store, poll=None)
    guest.join(code, "Bob")
    return host, guest, code


def test_a_move_from_a_page_that_has_not_seen_the_last_move_is_too_late(store):
    host, guest, code = ada_and_bob(store)
    state = store.table_state(code)
    page, other = (host, guest) if state.current_player == host.seat else (guest, host)
    host.refresh(force=True)
    assert host.start_button.layout.display == "none"          # the full table started by itself
    page.play(page.seat, state.legal_actions()[0])
    assert other.shown_moves == 0                # its poll has not come round yet
    after = store.table_state(code)
    other.play(other.seat, after.legal_actions(after.current_player)[0])
    assert "too late" in other.actions.message.value
    assert other.shown_moves == len(after.history) == 1          # and it shows the new state
    assert store.table_state(code).history == after.history


def test_a_bad_code_or_a_taken_name_says_so(store):
    page = SharedTable("eights", store=store, poll=None)
    assert not page.join("ZZZZZ", "Ada")
    assert "no table" in page.message.value
    host = SharedTable("eights", store=store, poll=None)
    host.name_box.value = "Ada"
    code = host.create(2)
    assert not page.join(code, "ada")
    assert "taken" in page.message.value


def test_the_page_keeps_the_seat_in_the_browser_and_a_reload_takes_it_again(store, monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "game=flip7&seed=7")
    from classroom.pages import shared_table
    monkeypatch.setattr(shared_table.SharedTable, "store", property(lambda self: store))
    page = shared_table.play_together_page()
    assert page.game_id == "flip7" and page.seed is None            # only a teacher's page deals a seed
    page.name_box.value = "Ada"
    code = page.create(2)
    kept = dict(page.memory.keep)
    assert kept["code"] == code and kept["name"] == "Ada" and kept["token"] == page.token
    reloaded = shared_table.play_together_page()
    reloaded.memory.remembered = kept                               # what the browser found
    assert (reloaded.code, reloaded.seat, reloaded.token) == (code, page.seat, page.token)
    stranger = shared_table.play_together_page()
    stranger.memory.remembered = {"code": code, "token": "forged", "name": "Ada"}
    assert stranger.token is None and stranger.memory.keep == {"forget": True}
    assert page.class_bar is reloaded.class_bar and page.class_bar in page.children   # the page's Join a class bar
    for widget in (page, reloaded, stranger, page.class_bar):        # their polling stops
        widget.close()


def test_a_new_device_takes_the_seat_with_the_seat_code_its_first_page_showed(store, monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "game=flip7")
    from classroom.pages import shared_table
    monkeypatch.setattr(shared_table.SharedTable, "store", property(lambda self: store))
    laptop = shared_table.play_together_page()
    laptop.name_box.value = "Ada"
    code = laptop.create(2)
    shown = re.search(r"ck-shared-seat-code'>(\w{4})-(\w{4})<", laptop.seat_note.value)
    assert shown and "".join(shown.groups()) == store.seat_code(laptop.token)
    phone = shared_table.play_together_page()                       # no browser memory there
    phone.code_box.value, phone.name_box.value, phone.seat_code_box.value = code, "Ada", "ZZZZ-ZZZZ"
    phone.join_button.click()
    assert phone.token is None and "seat code" in phone.message.value
    phone.seat_code_box.value = "-".join(shown.groups()).lower()
    phone.join_button.click()
    assert (phone.code, phone.seat, phone.name) == (code, laptop.seat, "Ada")
    assert phone.memory.keep["token"] == phone.token != laptop.token
    assert store.seat(laptop.token) is None                         # one seat, one page
    assert "".join(shown.groups()) not in phone.seat_note.value     # a new code for the new token
    for widget in (laptop, phone, laptop.class_bar):
        widget.close()


def test_a_page_joins_a_table_of_another_game_than_its_own_and_draws_that_game(store, monkeypatch):
    """The play-together page without ?game= is Frantic's; a code for a Flip 7 table draws Flip 7."""
    monkeypatch.delenv("QUERY_STRING", raising=False)
    from classroom.pages import shared_table
    monkeypatch.setattr(shared_table.SharedTable, "store", property(lambda self: store))
    table = store.create_table("flip7", players=2)
    page = shared_table.play_together_page()
    assert page.game_id == "frantic"
    page.code_box.value, page.name_box.value = table.code, "Bob"
    page.join_button.click()
    store.sit(table.code, "Cy")                                     # the last seat: it starts
    page.refresh(force=True)
    assert page.game_id == "flip7" and page.table in page.play_area.children
    assert {"Hit", "Stay"} <= {b.description for b in page.actions.buttons}     # seat 0: Flip 7's moves
    for widget in (page, page.class_bar):
        widget.close()


# -- inside a class, and the options form ----------------------------------------------------------
def joined_bar(store, code, nickname):
    from classroom.pages import JoinBar
    bar = JoinBar("play_together", store=store, poll=None)
    assert bar.join(code, nickname)
    return bar


def play_out(store, code, pages):
    """Random legal moves from the pages whose seat is asked, until the game is over."""
    rng = random.Random(3)
    by_seat = {page.seat: page for page in pages}
    for _ in range(5000):
        state = store.table_state(code)
        if state.is_over:
            return
        asked = state.current_player
        by_seat[asked].play(asked, rng.choice(state.legal_actions(asked)))
    raise AssertionError("the game did not end")


def test_a_joined_pages_finished_table_game_is_the_classs_result_once(store):
    room = store.create_class("7B")
    bar = joined_bar(store, room.code, "Ada")
    host = SharedTable("flip7", store=store, poll=None, class_bar=bar)
    host.name_box.value = "Ada"
    host.option_controls["target"].value = 1                # a short game
    code = host.create(2)
    assert store.table_info(code).class_code == room.code
    guest = SharedTable("flip7", store=store, poll=None)      # not in the class: posts nothing
    guest.join(code, "Bob")
    play_out(store, code, [host, guest])
    host.refresh()
    host.refresh(force=True)
    assert bar.outbox.wait()
    again = SharedTable("flip7", store=store, poll=None, class_bar=bar)   # a reload: the same seat again
    again.join(code, "Ada", token=host.token)
    assert bar.outbox.wait()
    rows = store.results(room.code)
    assert len(rows) == 1 and rows[0]["kind"] == "game" and rows[0]["nickname"] == "Ada"
    record, truth = rows[0]["record"], store.table_record(host.token)
    assert record["scores"] == truth["scores"] and record["seat"] == host.seat and record["practice"] is False
    assert record["table"] == code


def test_a_table_outside_the_class_posts_nothing(store):
    room = store.create_class("7B")
    bar = joined_bar(store, room.code, "Ada")
    outside = SharedTable("flip7", store=store, poll=None)      # no class bar on that page
    outside.option_controls["target"].value = 1
    code = outside.create(2)
    assert store.table_info(code).class_code is None
    guest = SharedTable("flip7", store=store, poll=None, class_bar=bar)
    guest.join(code, "Bob")
    play_out(store, code, [outside, guest])
    guest.refresh(force=True)
    assert bar.outbox.wait() and store.results(room.code) == []


def test_a_table_made_in_a_class_is_on_the_board_with_its_seats(store):
    from classroom.pages import ClassBoard, game_titles
    room = store.create_class("7B")
    bar = joined_bar(store, room.code, "<b>Ada</b>")
    host = SharedTable("eights", store=store, poll=None, class_bar=bar)
    host.name_box.value = "<i>Ada</i>"
    code = host.create(3)
    board = ClassBoard(room.code, store=store, poll=None)
    board.refresh(full=True)
    listed = board.tables.value
    assert code in listed and game_titles()["eights"] in listed
    assert "1 of 3 seats taken" in listed
    assert "<i>Ada</i>" not in listed and "&lt;i&gt;Ada&lt;/i&gt;" in listed
    board.close()


def test_an_option_chosen_on_the_form_reaches_the_tables_game(store):
    page = SharedTable("frantic", store=store, poll=None)
    assert set(page.option_controls) >= {"troublemaker", "supercharge", "events", "limit"}
    page.option_controls["troublemaker"].value = True
    page.option_controls["limit"].value = 50
    code = page.create(3)
    options = store.table_state(code).game.options
    assert options["troublemaker"] is True and options["limit"] == 50


def test_a_bad_option_is_refused_in_words_and_makes_no_table(store):
    page = SharedTable("flip7", store=store, poll=None)
    page.option_controls["target"].value = 0
    assert page.create(2) is None
    assert "option target must be from 1 to 100000, got 0" in page.message.value
    assert page.code is None and page.forms.layout.display != "none"


def test_a_pressed_move_button_plays_for_the_pages_own_seat_only(store):
    """The move panel reports (seat, action): a press plays through the store; a seat that is not the
    page's own (a forged report) plays nothing."""
    host, guest, code = ada_and_bob(store)
    state = store.table_state(code)
    page = host if state.current_player == host.seat else guest
    page.refresh(force=True)
    page.play(1 - page.seat, state.legal_actions()[0])
    assert "own seat" in page.actions.message.value and len(store.table_state(code).history) == 0
    button = next(b for b in page.actions.buttons if b.choice is not None and b.choice.legal)
    button.click()
    assert len(store.table_state(code).history) == 1
    assert store.table_state(code).history[0].seat == page.seat


def test_a_button_drawn_again_for_the_same_moment_still_plays(store):
    """The page redraws its moves when the table's seats change (a classmate joins, one goes away)
    though the game has not moved: a press on the button drawn before still plays that move, and
    once the game moves on it plays nothing."""
    host, guest, code = ada_and_bob(store, seed=1)
    state = store.table_state(code)
    page = host if state.current_player == host.seat else guest
    page.refresh(force=True)
    pressed = next(b for b in page.actions.buttons if b.choice is not None and b.choice.legal)
    page.refresh(force=True)                                   # drawn again, the same moment
    assert pressed not in page.actions.buttons
    pressed.click()
    assert "earlier moment" not in page.actions.message.value
    history = store.table_state(code).history
    assert len(history) == 1 and history[0].seat == page.seat and history[0].action == pressed.choice.action
    pressed.click()                                            # now from an earlier moment
    assert "earlier moment" in page.actions.message.value and len(store.table_state(code).history) == 1


def test_each_page_reads_the_log_as_you_and_the_others_by_their_names(store):
    host, guest, code = ada_and_bob(store, "frantic")
    rng = random.Random(3)
    for _ in range(30):
        state = store.table_state(code)
        if state.is_over:
            break
        asked = state.current_player
        (host, guest)[asked].play(asked, rng.choice(state.legal_actions(asked)))
    for page, me, other in ((host, "Ada", "Bob"), (guest, "Bob", "Ada")):
        page.refresh(force=True)
        texts = page.event_log.texts
        assert any(t.startswith("You ") for t in texts), texts
        assert any(other in t for t in texts) and not any(me in t for t in texts)
        assert not any(f"Player {page.seat}" in t for t in texts)
        assert texts == [e.text_for(page.seat, ["Ada", "Bob"]) for e in page.event_log.events]


def test_each_page_reads_the_status_line_and_the_moves_with_the_names_people_gave(store):
    host, guest, code = ada_and_bob(store, seed=1)   # round 1 starts with Hit or Stay (a dealt Freeze
                                                      # would first ask who gets it)
    state = store.table_state(code)
    asked = state.current_player
    pages = {0: (host, "Ada"), 1: (guest, "Bob")}
    for page, _ in pages.values():
        page.refresh(force=True)
    (mine, me), (theirs, _) = pages[asked], pages[1 - asked]
    assert "your turn" in mine.table.status.value.lower() and me not in mine.table.status.value
    assert me in theirs.table.status.value and "Player" not in theirs.table.status.value
    assert state.view(1 - asked).status.startswith("Round 1: Player")         # the engine's line is unchanged
    # the moves name the page's own player "you" and the others by their names
    assert mine.actions.words(Give("Freeze", asked)) == "Freeze → you"
    assert mine.actions.words(Give("Freeze", 1 - asked)) == f"Freeze → {pages[1 - asked][1]}"
    # a refusal speaks to the page's seat and names the one asked as people call them
    theirs.play(theirs.seat, state.legal_actions()[0])
    message = html.unescape(theirs.actions.message.value)
    assert "you are not asked to act now" in message and f"it is {me}'s turn" in message, message
    assert "(rule flip7.turn)" in message and "Player" not in message
    assert store.table_state(code).history == []


# -- issue 42: no moves before the start, a move the database did not take, one page one seat -------------
def legal_buttons(page):
    return [b for b in page.actions.buttons if b.choice is not None and b.choice.legal]


def test_a_page_shows_the_seats_filling_up_and_no_moves_before_the_start(store):
    import cardkit
    seed = next(s for s in range(200) if cardkit.make("flip7", players=3, seed=s).new_state().current_player == 0)
    host = SharedTable("flip7", store=store, poll=None, seed=seed)
    host.name_box.value = "Ada"
    code = host.create(3)
    assert host.seat == 0 and store.table_state(code).current_player == 0
    assert legal_buttons(host) == [] and "starts when every seat is taken" in host.actions.message.value
    assert "Player 1 · free seat" in host.info.value and "2 of 3 seats free" in host.info.value
    host.play(0, store.table_state(code).legal_actions()[0])          # a forged press
    assert "has not started" in host.actions.message.value and store.table_state(code).history == []
    guest = SharedTable("flip7", store=store, poll=None)
    guest.join(code, "Bob")
    host.refresh()
    assert "1 of 3 seats free" in host.info.value and "Player 1 · Bob" in host.info.value
    host.start()
    assert "Player 2 · bot" in host.info.value and legal_buttons(host)
    late = SharedTable("flip7", store=store, poll=None)                # a classmate reading the code on the board
    assert not late.join(code, "Cy") and "has started: its free seats are bots to the end" in late.message.value


def test_a_move_the_database_did_not_take_is_said_and_the_page_shows_the_stored_table(store, monkeypatch):
    import sqlalchemy as sa
    from classroom.pages.shared_table import NOT_SAVED
    host, guest, code = ada_and_bob(store, seed=1)
    page = host if store.table_state(code).current_player == host.seat else guest
    page.refresh(force=True)
    store.retry_seconds = 0.2
    with monkeypatch.context() as patch:
        def away(work, write, real=store._transaction):
            if write:
                raise sa.exc.OperationalError("INSERT", {}, ConnectionError("server closed the connection"))
            return real(work, write)
        patch.setattr(store, "_transaction", away)
        legal_buttons(page)[0].click()
        assert NOT_SAVED in html.unescape(page.actions.message.value)
    assert store.table_state(code).history == [] and page.shown_moves == 0
    assert legal_buttons(page)                                          # the same moment: play again
    legal_buttons(page)[0].click()
    assert len(store.table_state(code).history) == 1 and page.shown_moves == 1


def test_a_seated_page_takes_no_second_seat_from_forged_messages(store):
    host, guest, code = ada_and_bob(store)
    other = SharedTable("eights", store=store, poll=None)
    other.name_box.value = "Cy"
    elsewhere = other.create(3)
    seat = (host.code, host.token, host.seat)
    host.code_box.value, host.name_box.value = elsewhere, "Ada again"     # the hidden form, forged
    host.join_button.click()
    assert "one page is one player" in host.message.value
    host.create_button.click()
    assert (host.code, host.token, host.seat) == seat
    assert [s["name"] for s in store.table_info(elsewhere).seats] == ["Cy", None, None]
    with store.engine.connect() as conn:
        from classroom.store.schema import game_tables
        import sqlalchemy as sa
        assert conn.scalar(sa.select(sa.func.count()).select_from(game_tables)) == 2


def test_a_page_makes_a_few_tables_at_most_in_ten_minutes(store):
    from classroom.store.schema import game_tables
    from classroom.pages.shared_table import TABLES_PER_PAGE
    page = SharedTable("flip7", store=store, poll=None)
    for _ in range(TABLES_PER_PAGE):
        code = page.create(2)
        assert code
        with store.engine.begin() as conn:                                # its table is gone: it may make another
            conn.execute(game_tables.delete().where(game_tables.c.code == code))
    assert page.create(2) is None and f"made {TABLES_PER_PAGE} tables" in page.message.value


def test_tables_made_from_one_visitors_address_are_limited_across_pages(tmp_path, monkeypatch):
    """The server tells each page's kernel its visitor's address; new pages from that address (a
    reload each) make no more than the store's tables_per_address."""
    from classroom.store import Limits
    from classroom.pages import access
    limited = open_store(f"sqlite:///{tmp_path / 'limited.db'}", limits=Limits(tables_per_address=2))
    monkeypatch.setenv(access.VISITOR_ADDRESS, "203.0.113.9")
    assert all(SharedTable("flip7", store=limited, poll=None).create(2) for _ in range(2))
    page = SharedTable("flip7", store=limited, poll=None)
    assert page.create(2) is None and "made from this address" in page.message.value
    monkeypatch.setenv(access.VISITOR_ADDRESS, "198.51.100.4")                # another school
    assert SharedTable("flip7", store=limited, poll=None).create(2)
    limited.close()


# -- issue 40: a class mixes languages ----------------------------------------------------------------------
def test_two_pages_in_two_languages_at_one_table_read_the_same_stored_moves_each_in_its_own(store, monkeypatch):
    """Ada's page speaks German, Bob's French (each a kernel of its own, here one language at a time):
    the table, its moves and its narration are read in each page's language from the same stored
    moves, and the database holds no translated word."""
    from cardkit import i18n
    from classroom.pages.board import Tally, games_html
    room = store.create_class("7B")
    with i18n.using("de"):
        bar = joined_bar(store, room.code, "Ada")
        host = SharedTable("flip7", store=store, poll=None, class_bar=bar)
        host.name_box.value = "Ada"
        host.option_controls["target"].value = 1                # a short game
        code = host.create(2)
        assert host.create_button.description == "Einen Tisch für Flip 7 anlegen"
    with i18n.using("fr"):
        guest = SharedTable("flip7", store=store, poll=None)
        guest.join(code, "Bob")
        assert guest.create_button.description == "Créer une table de Flip 7"
    play_out(store, code, [host, guest])
    events = store.table_state(code).events
    # the narration's templates as each language's catalog words them (the games' own translations
    # are another part's work: marked here, so that each page's log shows whose words it reads)
    for lang in ("de", "fr"):
        catalog = i18n.catalog(lang)._catalog
        for template in {e.template for e in events}:
            monkeypatch.setitem(catalog, template, f"[{lang}] {template}")
    for page, lang, table_word in ((host, "de", "Tisch"), (guest, "fr", "Table")):
        with i18n.using(lang):
            page.refresh(force=True)
            assert page.event_log.texts == [e.text_for(page.seat, ["Ada", "Bob"]) for e in page.event_log.events]
            assert all(text.startswith(f"[{lang}] ") for text in page.event_log.texts), page.event_log.texts
            assert f"{table_word} <b>{code}</b>" in page.info.value
    # one move, read by both: the same stored row, two languages
    with i18n.using("de"):
        german = events[-1].text_for(host.seat, ["Ada", "Bob"])
    with i18n.using("fr"):
        french = events[-1].text_for(guest.seat, ["Ada", "Bob"])
    assert german.startswith("[de] ") and french.startswith("[fr] ")
    stored = repr(store.table_replay(code))
    assert "[de]" not in stored and "[fr]" not in stored and "Tisch" not in stored
    # Ada's finished game, posted from her German page, on the teacher's Swedish board and in the CSV
    assert bar.outbox.wait()
    tally = Tally()
    tally.add(store.results(room.code))
    with i18n.using("sv"):
        assert "1 spel sammanräknat" in games_html(tally)
    csv = store.results_csv(room.code, room.teacher_key)
    assert "Ada" in csv and "flip7" in csv and not any(w in csv for w in ("[de]", "[fr]", "Tisch", "Runde"))


def test_frantic_at_a_class_table_calls_the_42_point_card_ten_cards_unless_the_box_is_unticked(store, monkeypatch):
    """Issue 39 item 10: class pages deal Frantic with ``classroom_names`` on (the engine's default is
    off), a tick box anyone may clear; the walkthrough page's game does the same."""
    monkeypatch.setenv("QUERY_STRING", "game=frantic")
    from classroom.pages import shared_table
    monkeypatch.setattr(shared_table.SharedTable, "store", property(lambda self: store))
    page = shared_table.play_together_page()
    box = page.option_controls["classroom_names"]
    assert box.value is True and type(box).__name__ == "Checkbox"
    assert box.description == 'Call the "Fuck You" card "Ten Cards", in rules, moves and log'
    page.name_box.value = "Ada"
    assert store.table_state(page.create(2)).game.options["classroom_names"] is True
    other = shared_table.play_together_page()
    other.name_box.value = "Bob"
    other.option_controls["classroom_names"].value = False          # anyone may turn it off
    assert store.table_state(other.create(2)).game.options["classroom_names"] is False
    for widget in (page, other, page.class_bar, other.class_bar):
        widget.close()
    cell = next("".join(c["source"]) for c in json.loads(Path("notebooks/frantic.ipynb").read_text())["cells"]
                if "GameApp(" in "".join(c["source"]))
    assert '"classroom_names": True' in cell and '"classroom_names": [False, True]' in cell
