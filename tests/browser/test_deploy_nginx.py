"""Two `cardkit app` servers on one PostgreSQL behind nginx, with the shipped site
(deploy/nginx/cardkit.conf and cardkit-servers.conf, the ports filled in), all real, driven by
chromium: a class whose students land on both servers joins one board and one shared table; one
server is killed mid-class; its students' pages say they lost their game, and a reload brings them
back through the other server, still in the class, at the same seat; the database lost nothing.

nginx runs as the test's own (a prefix, pid, logs and temp folders in a temporary folder). On a
failure the end of each server's and nginx's log is printed."""
import gzip
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from pathlib import Path

import pytest
import sqlalchemy as sa
from playwright.sync_api import expect

from classroom.store import open_store
from classroom.store.keys import hash_secret
from classroom.store.schema import classes, game_tables, results, students, table_moves, table_seats

from .._nginx import DEPLOY, Nginx
from .._ports import server_port
from ._pages import TEACHER_KEY, wait_until_usable
from ._people import people
from .conftest import _answers, _stop
from ._pages import create_table, join, saved, sit
from .test_shared_table import ROOT, actions
from ..classroom.conftest import start_postgres

pytestmark = pytest.mark.browser

SHIPPED_PORTS = ("8866", "8867")          # the servers cardkit-servers.conf names
LESSON = "lessons/flip7_when_to_stop.ipynb"
SEED = 25                                 # a Frantic deal where seat 0 opens with a Gift to seat 1
# What a page of the killed server logs: its kernel's socket cut, then refused by the live server
# (404: no such kernel there), and its requests in flight answered 502 or 404.
OLD_KERNEL = re.compile(r"WebSocket connection to '\S+/api/kernels/[\w-]+/channels\S*' failed"
                        r"|Failed to load resource: the server responded with a status of (404|502)")
GONE = 90_000                             # ms: the lost-game notice comes 20 s after the socket closed
STUDENTS = ("Ada", "Bob", "Cy")
FORGED = "10.6.6.6"                       # an address a visitor claims in X-Real-IP


def _wait_for(url, proc, log, what):
    deadline = time.monotonic() + 120
    while not _answers(url):
        if proc.poll() is not None or time.monotonic() > deadline:
            pytest.fail(f"{what} did not answer at {url}:\n" + log.read_text(errors="replace")[-3000:])
        time.sleep(0.3)


def _kill_group(proc):
    """SIGKILL the server and its kernels (its process group): a server that is gone, not shut down."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait(timeout=30)


def shipped_servers(ports) -> str:
    """The shipped cardkit-servers.conf, the servers' ports put in place of 8866 and 8867."""
    servers = (DEPLOY / "cardkit-servers.conf").read_text()
    assert all(port in servers for port in SHIPPED_PORTS)
    return re.sub("|".join(SHIPPED_PORTS), lambda m: str(ports[SHIPPED_PORTS.index(m[0])]), servers)


class Deployment:
    """PostgreSQL, two `cardkit app` servers started as docs/deploy-nginx.md says, nginx in front."""

    def __init__(self):
        self.folder = Path(tempfile.mkdtemp(prefix="cardkit-nginx-"))
        self.postgres = self.nginx = None
        self.servers = {}

    def start(self):
        self.postgres = start_postgres()
        self.db = self.postgres.new_database()
        open_store(self.db).close()                 # the schema, as the first server would make it
        self.ports = [server_port(), server_port()]
        cardkit = Path(sys.executable).parent / "cardkit"
        for port in self.ports:
            log = self.folder / f"server-{port}.log"
            env = dict(os.environ, CARDKIT_DB=self.db, CARDKIT_TEACHER_KEY=TEACHER_KEY)
            env.pop("CARDKIT_TEACHER_VIEW", None)
            with open(log, "wb") as out:     # every test page comes from 127.0.0.1: no per-address limit
                proc = subprocess.Popen(
                    [str(cardkit), "app", "--port", str(port), "--trusted-proxies", "127.0.0.1",
                     "--CardkitVoila.max_kernels_per_client=0"],
                    cwd=self.folder, env=env, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                    start_new_session=True)
            self.servers[port] = (proc, log)
        self.nginx = Nginx(self.folder, server_port(), shipped_servers(self.ports))
        self.nginx_log, self.url = self.nginx.log, self.nginx.url
        for port, (proc, log) in self.servers.items():
            _wait_for(f"http://127.0.0.1:{port}/", proc, log, f"cardkit app on port {port}")
        _wait_for(self.url + "/", self.nginx.proc, self.nginx_log, "nginx")

    def server_of(self, page) -> int:
        """The port of the server that page's visitor sticks to (nginx's cookie)."""
        cookies = {c["name"]: c["value"] for c in page.context.cookies(self.url)}
        return int(cookies["cardkit_server"].rsplit(":", 1)[1])

    def logs(self) -> str:
        return "\n".join(f"--- {log.name}:\n" + log.read_text(errors="replace")[-2500:]
                         for log in [*(log for _proc, log in self.servers.values()), self.nginx_log])

    def stop(self):
        if self.nginx is not None:
            self.nginx.stop()
        for proc, _log in self.servers.values():
            _stop(proc)
        if self.postgres is not None:
            self.postgres.cleanup()
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture(scope="module")
def deployment():
    deployed = Deployment()
    try:
        deployed.start()
        yield deployed
    finally:
        deployed.stop()


def open_page(page, url, notebook):
    page.goto(f"{url}/voila/render/{notebook}", timeout=120_000)


def class_rows(db, code):
    """What the database holds of the class: its members, its results, its tables' seats and moves."""
    engine = sa.create_engine(db)
    try:
        with engine.connect() as conn:
            class_id = conn.execute(sa.select(classes.c.id).where(classes.c.code == code)).scalar_one()
            members = conn.execute(sa.select(students.c.nickname).where(students.c.class_id == class_id)
                                   .order_by(students.c.nickname)).scalars().all()
            answers = conn.execute(sa.select(results.c.seq, results.c.record).where(results.c.class_id == class_id)
                                   .order_by(results.c.seq)).all()
            tables = game_tables.c.class_id == class_id
            seats = conn.execute(sa.select(table_seats.c.seat, table_seats.c.name).join(game_tables).where(tables)
                                 .order_by(table_seats.c.seat)).all()
            made_by = conn.execute(sa.select(game_tables.c.made_by).where(tables)).scalars().all()
            moves = conn.execute(sa.select(table_moves.c.number, table_moves.c.seat, table_moves.c.action)
                                 .join(game_tables).where(tables).order_by(table_moves.c.number)).all()
    finally:
        engine.dispose()
    return {"members": list(members), "results": [tuple(r) for r in answers], "seats": [tuple(s) for s in seats],
            "moves": [tuple(m) for m in moves], "made_by": list(made_by)}


def test_a_class_on_two_servers_survives_one_of_them(deployment, browser, screenshot):
    url = deployment.url
    try:
        with people(browser, screenshot, "nginx") as crowd:
            run_the_class(crowd, deployment, url, screenshot)
    except BaseException:
        print(deployment.logs())
        raise


def run_the_class(crowd, deployment, url, screenshot):
    teacher = crowd.new_page()
    open_page(teacher, url, f"class_board.ipynb?teacher={TEACHER_KEY}")
    wait_until_usable(teacher, ".ck-board-create", timeout=120_000)
    teacher.locator(".ck-board-name input").fill("7B maths")
    teacher.locator(".ck-board-create").click()
    expect(teacher.locator(".ck-board-code")).to_have_text(re.compile(r"^[A-Z0-9]{4,8}$"))
    code = teacher.locator(".ck-board-code").inner_text()
    board = teacher.locator(".ck-board")
    board_server = deployment.server_of(teacher)

    # Each student (a browser of their own) joins on a lesson and answers its question: a result.
    pupils = {}
    for number, name in enumerate(STUDENTS, 1):
        page = crowd.new_page()
        pupils[name] = page
        open_page(page, url, LESSON)
        wait_until_usable(page, ".ck-question .ck-choices", timeout=120_000)
        join(page, code, name)
        page.locator(".ck-question", has_text="Which N gives the highest average score?").locator(
            ".ck-choices button", has_text=re.compile(r"^\s*20\s*$")).click()
        saved(page)
        expect(board.locator(".ck-board-count")).to_have_text(str(number), timeout=30_000)
        count = board.locator(".ck-board-answers tr", has_text=re.compile(r"^\s*20")).locator("td").last
        expect(count).to_have_text(str(number), timeout=30_000)
    served = {name: deployment.server_of(page) for name, page in pupils.items()}
    assert set(served.values()) == set(deployment.ports), f"students all on one server: {served}"

    # One shared table: Ada makes it (inside the class: her page rejoined it by itself), the others sit.
    ada = pupils["Ada"]
    ada.context.set_extra_http_headers({"X-Real-IP": FORGED, "X-Forwarded-For": FORGED})   # nginx overwrites it
    open_page(ada, url, f"play_together.ipynb?game=frantic&seed={SEED}&teacher={TEACHER_KEY}")
    expect(ada.locator(".ck-class-status")).to_contain_text(f"In class {code} as Ada", timeout=120_000)
    table = create_table(ada, "Ada", 3)
    for name in STUDENTS[1:]:
        page = pupils[name]
        open_page(page, url, "play_together.ipynb")
        expect(page.locator(".ck-class-status")).to_contain_text(f"In class {code} as {name}", timeout=120_000)
        sit(page, table, name)
    row = board.locator(f".ck-board-table-list tr[data-table='{table}']")
    expect(row).to_contain_text("3 of 3 seats taken: Ada, Bob, Cy", timeout=30_000)
    expect(row).to_contain_text("playing")

    # A move on one server reaches the others' pages on both.
    ada.locator(f"{ROOT} .ck-action", has_text="Play red Gift → Bob").click()
    bob = pupils["Bob"]
    expect(actions(bob).filter(has_text=re.compile(r"^\s*Pass\s*$"))).to_have_count(1, timeout=30_000)
    expect(pupils["Cy"].locator(f"{ROOT} .ck-action-panel .ck-message")).to_contain_text(
        "Waiting for the others to react", timeout=30_000)
    before = class_rows(deployment.db, code)
    assert before["members"] == sorted(STUDENTS)
    assert len(before["results"]) == 3
    assert [name for _seat, name in before["seats"]] == list(STUDENTS)
    assert len(before["moves"]) >= 1
    assert before["made_by"] == [hash_secret("127.0.0.1")], "the table's maker is not the address nginx saw"

    # The server without the board dies, kernels and all, mid-class.
    gone = next(port for port in deployment.ports if port != board_server)
    victims = [name for name, port in served.items() if port == gone]
    assert victims, f"no student on the server to stop: {served}"
    proc, _log = deployment.servers[gone]
    _kill_group(proc)
    for name in victims:
        notice = pupils[name].locator(".ck-kernel-gone")
        expect(notice).to_be_visible(timeout=GONE)
        expect(notice).to_contain_text("This page has lost its game")
    first = pupils[victims[0]]
    print("screenshot:", screenshot(first, "nginx_after_kill", kept=True))

    # A reload reaches the live server: still in the class, at the same seat of the same table.
    for name in victims:
        page = pupils[name]
        page.reload(timeout=120_000)
        expect(page.locator(f"{ROOT} .ck-shared-name")).to_have_text(name, timeout=120_000)
        expect(page.locator(f"{ROOT} .ck-shared-code")).to_have_text(table)
        expect(page.locator(".ck-class-status")).to_contain_text(f"In class {code} as {name}", timeout=60_000)
        assert page.locator(".ck-kernel-gone").count() == 0
        assert deployment.server_of(page) == board_server
    print("screenshot:", screenshot(first, "nginx_after_reload", kept=True))
    expect(first.locator(f"{ROOT} .ck-action-panel .ck-message")).to_contain_text(
        "Waiting for the others to react" if first is not bob else "Out of turn", timeout=30_000)

    # The game goes on: Bob's answer to the Gift reaches every page, the reloaded ones included.
    moves_before = len(class_rows(deployment.db, code)["moves"])
    actions(bob).filter(has_text=re.compile(r"^\s*Pass\s*$")).click()
    for name in victims:
        expect(pupils[name].locator(f"{ROOT} .ck-action-panel .ck-message")).not_to_contain_text(
            "Waiting for the others to react", timeout=30_000)

    # Nothing of the class was lost: every member, result, seat and move from before the kill.
    after = class_rows(deployment.db, code)
    assert after["members"] == before["members"]
    assert after["results"] == before["results"]
    assert after["seats"] == before["seats"]
    assert after["moves"][:len(before["moves"])] == before["moves"]
    assert len(after["moves"]) > moves_before
    expect(board.locator(".ck-board-count")).to_have_text("3")
    expect(row).to_contain_text("3 of 3 seats taken: Ada, Bob, Cy")
    stopped = [pupils[name] for name in victims]
    for page in crowd.pages:
        errors = [e for e in page.errors if not (page in stopped and OLD_KERNEL.search(e))]
        assert errors == [], (page.url, errors)


def test_the_pages_files_come_from_nginx_once_a_server_sent_them(deployment):
    """A class's first visits fetch about 108 files each (5.5 MB); nginx keeps them, so a server sends
    each file once, not once per visitor, and a page is never kept."""
    live = next(port for port, (proc, _log) in deployment.servers.items() if proc.poll() is None)
    probe = f"probe={uuid.uuid4().hex}"                 # a key no page asked for yet
    files = [f"/voila/static/voila.js?{probe}", f"/voila/templates/cardkit/static/page-guard.js?{probe}",
             f"/voila/labextensions/@jupyter-widgets/jupyterlab-manager/package.json?{probe}"]
    for path in files:
        with urllib.request.urlopen(f"http://127.0.0.1:{live}{path}", timeout=60) as response:
            own = response.read()
        for _ in range(3):
            with urllib.request.urlopen(deployment.url + path, timeout=60) as response:
                assert response.read() == own
        zipped = urllib.request.Request(deployment.url + path, headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(zipped, timeout=60) as response:
            assert response.headers["Content-Encoding"] == "gzip"
            assert gzip.decompress(response.read()) == own
    for _ in range(2):
        urllib.request.urlopen(deployment.url + f"/?{probe}", timeout=60).read()
    answers = {}
    for status, path in deployment.nginx.cache_answers():
        answers.setdefault(path, []).append(status)
    for path in files:
        assert answers[path] == ["MISS", "HIT", "HIT", "MISS"], (path, answers[path])   # then gzip: a variant
    assert answers[f"/?{probe}"] == ["-", "-"]                                          # the file tree: never kept
