"""server.voila_server: the page limits' bookkeeping and the client address, without a server
(tests/browser/test_server_page.py has the server refuse a page for real); its static files, from
a real server (no page, no kernel)."""

import gzip
import http.client
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from ._ports import server_port

from server.voila_server import CardkitVoila, PageLimits, client_address, proxy_networks


def request(peer, **headers):
    return SimpleNamespace(remote_ip=peer, headers=headers)


def test_a_client_past_its_own_limit_is_refused_and_others_are_not():
    limits = PageLimits(max_kernels=10, max_per_client=2)
    for kernel in ("k1", "k2"):
        limits.took(limits.begin("10.0.0.5"), kernel)
    assert limits.refusal("10.0.0.5", ["k1", "k2"]) == "client"
    assert limits.refusal("10.0.0.6", ["k1", "k2"]) is None


def test_the_class_limit_counts_every_client_and_pages_still_starting():
    limits = PageLimits(max_kernels=3, max_per_client=0)
    limits.took(limits.begin("a"), "k1")
    limits.begin("b")                          # its kernel is still starting
    limits.begin("c")
    assert limits.refusal("d", ["k1"]) == "class"


def test_a_kernel_that_ended_frees_its_seat():
    limits = PageLimits(max_kernels=1, max_per_client=1)
    visit = limits.begin("a")
    limits.took(visit, "k1")
    limits.end(visit)                          # the page was sent; its kernel lives on
    assert limits.refusal("a", ["k1"]) == "class"
    assert limits.refusal("a", []) is None     # shut down (tab closed) or culled


def test_a_request_that_never_got_a_kernel_stops_counting_when_it_ends():
    limits = PageLimits(max_kernels=1, max_per_client=0)
    visit = limits.begin("a")
    assert limits.refusal("b", []) == "class"
    limits.end(visit)                          # e.g. no such notebook
    assert limits.refusal("b", []) is None


def test_a_clients_first_landing_page_takes_none_of_its_pages():
    limits = PageLimits(max_kernels=10, max_per_client=2, free_pages=["index.ipynb"])
    assert limits.is_free("index.ipynb") and limits.is_free("/index") and not limits.is_free("flip7.ipynb")
    limits.took(limits.begin("a", free=True), "landing")
    for kernel in ("k1", "k2"):
        assert limits.refusal("a", ["landing", "k1", "k2"]) is None
        limits.took(limits.begin("a"), kernel)
    alive = ["landing", "k1", "k2"]
    assert limits.refusal("a", alive) == "client"                   # two pages, the landing page aside
    assert limits.refusal("a", alive, free=True) == "client"        # a second landing page counts
    assert limits.refusal("a", ["k1", "k2"], free=True) is None     # the first one closed: a new one is free
    assert limits.refusal("b", alive) is None


def test_a_landing_page_still_counts_towards_the_servers_limit():
    limits = PageLimits(max_kernels=2, max_per_client=0, free_pages=["index.ipynb"])
    limits.took(limits.begin("a", free=True), "landing")
    limits.begin("b", free=True)                # still starting
    assert limits.refusal("c", ["landing"], free=True) == "class"


def test_zero_means_no_limit():
    limits = PageLimits(max_kernels=0, max_per_client=0)
    for n in range(50):
        limits.took(limits.begin("a"), f"k{n}")
    assert limits.refusal("a", [f"k{n}" for n in range(50)]) is None


def test_the_client_is_the_peer_unless_a_proxy_the_host_named_names_it():
    local = proxy_networks(["127.0.0.1"])
    assert client_address(request("10.0.0.5"), local) == "10.0.0.5"
    assert client_address(request("10.0.0.5", **{"X-Real-Ip": "1.2.3.4"}), local) == "10.0.0.5"   # not our proxy
    assert client_address(request("127.0.0.1", **{"X-Real-Ip": "10.0.0.7"}), local) == "10.0.0.7"
    assert client_address(request("127.0.0.1", **{"X-Forwarded-For": "6.6.6.6, 10.0.0.8"}), local) == "10.0.0.8"
    assert client_address(request("::1"), local) == "::1"


def test_forwarded_headers_from_a_peer_the_host_did_not_name_are_ignored_loopback_included():
    for peer in ("127.0.0.1", "::1", "10.0.0.5"):
        assert client_address(request(peer, **{"X-Real-Ip": "10.0.0.7"})) == peer
        assert client_address(request(peer, **{"X-Forwarded-For": "10.0.0.8"})) == peer


def test_a_new_forwarded_address_per_page_from_an_untrusted_peer_gets_no_extra_pages():
    """The audit's probe: a different X-Real-IP / X-Forwarded-For per request from a loopback peer
    got 6 pages instead of 4. With no proxy named, every request is the peer's."""
    limits = PageLimits(max_kernels=0, max_per_client=4)
    pages = []
    for n in range(6):
        header = {"X-Real-Ip": f"10.1.0.{n}"} if n % 2 else {"X-Forwarded-For": f"10.2.0.{n}"}
        client = client_address(request("127.0.0.1", **header))
        if limits.refusal(client, pages) is None:
            pages.append(f"k{n}")
            limits.took(limits.begin(client), pages[-1])
    assert len(pages) == 4


def test_behind_a_chain_of_named_proxies_the_visitor_is_the_last_address_they_did_not_write():
    proxies = proxy_networks(["127.0.0.1", "10.0.0.0/8"])
    forged = {"X-Forwarded-For": "6.6.6.6, 203.0.113.9, 10.0.0.2"}   # the visitor wrote 6.6.6.6 itself
    assert client_address(request("127.0.0.1", **forged), proxies) == "203.0.113.9"
    assert client_address(request("127.0.0.1", **{"X-Forwarded-For": "not-an-address"}), proxies) == "127.0.0.1"
    assert client_address(request("127.0.0.1", **{"X-Real-Ip": "garbage"}), proxies) == "127.0.0.1"


def test_the_trusted_proxies_come_from_the_setting_or_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDKIT_TRUSTED_PROXIES", "127.0.0.1, 10.0.0.0/8")
    app = CardkitVoila(config_file_paths=[])
    app.initialize([str(tmp_path)])
    assert [str(n) for n in app.proxy_networks] == ["127.0.0.1/32", "10.0.0.0/8"]
    app = CardkitVoila(config_file_paths=[])
    app.initialize([str(tmp_path), "--CardkitVoila.trusted_proxies=192.168.1.1"])
    assert [str(n) for n in app.proxy_networks] == ["192.168.1.1/32"]
    monkeypatch.delenv("CARDKIT_TRUSTED_PROXIES")
    app = CardkitVoila(config_file_paths=[])
    app.initialize([str(tmp_path)])
    assert app.proxy_networks == []


def test_a_trusted_proxy_that_is_not_an_address_stops_the_server_with_its_name(tmp_path, capfd):
    app = CardkitVoila(config_file_paths=[])
    with pytest.raises(SystemExit) as exit_:
        app.initialize([str(tmp_path), "--CardkitVoila.trusted_proxies=proxy.example"])
    assert exit_.value.code == 2
    assert "not 'proxy.example'" in capfd.readouterr().err


def test_class_mode_warms_only_the_pages_of_the_day(tmp_path):
    (tmp_path / "lessons").mkdir()
    for name in ("flip7.ipynb", "eights.ipynb", "lessons/a.ipynb"):
        (tmp_path / name).write_text("{}")
    app = CardkitVoila(config_file_paths=[])
    app.initialize([str(tmp_path), "--CardkitVoila.class_pages=flip7", "--CardkitVoila.class_pages=lessons/a",
                    "--CardkitVoila.class_size=3", "--CardkitVoila.max_kernels=2"])
    assert app.voila_configuration.preheat_kernel is True
    assert app.config.VoilaKernelManager.kernel_pools_config == {
        "default": {"pool_size": 0}, "flip7.ipynb": {"pool_size": 3}, "lessons/a.ipynb": {"pool_size": 3}}
    assert app.max_kernels == 6                # room for the whole class


def test_without_class_pages_nothing_is_preheated(tmp_path):
    app = CardkitVoila(config_file_paths=[])
    app.initialize([str(tmp_path)])
    assert app.voila_configuration.preheat_kernel is False
    assert "VoilaKernelManager" not in app.config


def test_a_class_page_that_does_not_exist_stops_the_server_with_its_name(tmp_path, capfd):
    app = CardkitVoila(config_file_paths=[])
    try:
        app.initialize([str(tmp_path), "--CardkitVoila.class_pages=flip8"])
    except SystemExit as exit:
        assert exit.code == 2
    else:
        raise AssertionError("the server started for a page that does not exist")
    assert "no such page" in capfd.readouterr().err


def test_the_address_cannot_choose_another_template(tmp_path):
    app = CardkitVoila(config_file_paths=[])
    app.initialize([str(tmp_path), "--VoilaConfiguration.allow_template_override=YES"])
    assert app.voila_configuration.allow_template_override == "NO"


@pytest.mark.parametrize("path", ["cardkit/static/page-guard.js", "cardkit/static/fontawesome/css/all.min.css",
                                  "lab/static/voila.js", "cardkit/static/no-such-file.js"])
def test_the_templates_static_files_are_found_where_voila_finds_them(path):
    from voila.static_file_handler import TemplateStaticFileHandler

    from server.voila_server import TemplateStaticFiles

    found = TemplateStaticFiles.get_absolute_path("", path)
    assert found == TemplateStaticFileHandler.get_absolute_path("", path)
    assert found.endswith(path.split("/static/")[1])
    assert TemplateStaticFiles.get_absolute_path("", path) == found      # the second time from the lookup kept


def test_a_template_path_without_its_static_folder_is_not_found():
    from tornado.web import HTTPError

    from server.voila_server import TemplateStaticFiles

    for path in ("cardkit", "cardkit/page-guard.js", "cardkit/other/page-guard.js"):
        with pytest.raises(HTTPError) as error:
            TemplateStaticFiles.get_absolute_path("", path)
        assert error.value.status_code == 404



# -- the page's language (issue 40) ------------------------------------------------------------------------
def _request(uri, **headers):
    from tornado.httputil import HTTPHeaders, HTTPServerRequest, RequestStartLine
    return HTTPServerRequest(method="GET", uri=uri, headers=HTTPHeaders({"Host": "127.0.0.1", **headers}),
                             start_line=RequestStartLine("GET", uri, "HTTP/1.1"))


def test_the_page_language_is_the_address_then_the_pickers_cookie_then_the_browsers():
    from server.voila_server import page_language
    assert page_language(_request("/voila/render/flip7.ipynb", **{"Accept-Language": "sv-SE,sv;q=0.9"})) == "sv"
    assert page_language(_request("/x", Cookie="cardkit_lang=fr", **{"Accept-Language": "sv"})) == "fr"
    assert page_language(_request("/x?lang=de", Cookie="cardkit_lang=fr", **{"Accept-Language": "sv"})) == "de"
    assert page_language(_request("/x?lang=xx", Cookie="cardkit_lang=<bad>", **{"Accept-Language": "ja"})) == "en"


def test_the_kernel_learns_the_language_from_the_query_string_voila_hands_it():
    from server.voila_server import with_language
    request = _request("/voila/render/flip7.ipynb?class=K7QF&lang=xx&lang=sv")
    with_language(request, "de")
    assert request.query == "class=K7QF&lang=de" and request.query_arguments["lang"] == [b"de"]


def test_the_streamed_page_gets_its_html_lang_and_the_scripts_words_once_its_head_is_whole():
    from server.voila_server import in_language
    page = in_language('<!DOCTYPE html>\n<html lang="en">\n<head>\n<title>x</title>', "de")
    assert '<html lang="de">' in page and 'window.cardkitWords = {' in page
    assert '"Start again": "Neu starten"' in page and page.index("cardkitWords") > page.index("<head>")
    assert "<\\/script" not in in_language("<html><head>", "en")


# -- the static files a page fetches, from a real server ---------------------------------------
REPO = Path(__file__).resolve().parents[1]
YEAR = "public, max-age=31536000, immutable"


class Static:
    """``python -m server.voila_server`` as `make app` runs it (voila.json, the repository's template),
    serving an empty folder, with one Jupyter path of the test's own first (``extra``: a template
    file and a lab extension's file the test may change)."""

    def __init__(self, folder: Path, pages: dict | None = None, args: tuple = ()):
        self.extra = folder / "jupyter"
        self.template_file = self.extra / "voila" / "templates" / "cardkit" / "static" / "test-only.js"
        self.extension_file = self.extra / "labextensions" / "test-ext" / "static" / "remoteEntry.js"
        for path in (self.template_file, self.extension_file):
            path.parent.mkdir(parents=True)
            path.write_text("var seen = 1;\n" * 200)
        (folder / "pages").mkdir()
        for name, page in (pages or {}).items():
            import nbformat
            nbformat.write(page, folder / "pages" / name)
        self.port = server_port()
        env = dict(os.environ, JUPYTER_PATH=os.pathsep.join([str(self.extra), str(REPO / "share" / "jupyter")]),
                   PYTHONPATH=str(REPO), CARDKIT_DATA=str(folder / "data"))
        self.log = folder / "server.log"
        with open(self.log, "wb") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "server.voila_server", str(folder / "pages"), "--no-browser",
                 f"--port={self.port}", "--Voila.port_retries=0", "--Voila.ip=127.0.0.1", *args],
                cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                start_new_session=True)
        deadline = time.monotonic() + 180
        while True:
            try:
                if self.get("/")[0] == 200:
                    break
            except OSError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                pytest.fail("the server did not start:\n" + self.log.read_text(errors="replace")[-3000:])
            time.sleep(0.3)

    def get(self, path: str, method: str = "GET", **headers) -> tuple[int, dict, bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            conn.request(method, path, headers=headers)
            response = conn.getresponse()
            return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
        finally:
            conn.close()

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


@pytest.fixture(scope="module")
def static(tmp_path_factory):
    server = Static(tmp_path_factory.mktemp("static"))
    yield server
    server.stop()


def voila_file(name: str) -> Path:
    import voila.paths
    for root in voila.paths.collect_static_paths(["voila", "nbconvert"], "lab") + [voila.paths.STATIC_ROOT]:
        if (Path(root) / name).is_file():
            return Path(root) / name
    raise AssertionError(f"Voila has no {name}")


def test_a_versioned_file_may_be_kept_a_year_and_is_the_file_on_disk(static):
    status, headers, body = static.get("/voila/templates/cardkit/static/page-guard.js?v=1234")
    assert status == 200
    assert body == (REPO / "share/jupyter/voila/templates/cardkit/static/page-guard.js").read_bytes()
    assert headers["cache-control"] == YEAR
    assert headers["etag"].startswith('"') and headers["last-modified"].endswith("GMT")
    assert headers["content-type"].startswith(("application/javascript", "text/javascript"))
    again = static.get("/voila/templates/cardkit/static/page-guard.js?v=1234", **{"If-None-Match": headers["etag"]})
    assert again[0] == 304 and again[2] == b""


def test_an_unversioned_file_is_asked_for_again_and_answered_304_while_unchanged(static):
    status, headers, body = static.get("/voila/static/voila.js")
    assert status == 200
    assert body == voila_file("voila.js").read_bytes()
    assert headers["cache-control"] == "no-cache"
    assert static.get("/voila/static/voila.js", **{"If-None-Match": headers["etag"]})[0] == 304
    assert static.get("/voila/static/voila.js", **{"If-None-Match": '"something-else"'})[0] == 200


def test_scripts_go_gzipped_to_a_browser_that_takes_it_and_fonts_as_they_are(static):
    plain = static.get("/voila/static/voila.js")
    status, headers, body = static.get("/voila/static/voila.js", **{"Accept-Encoding": "gzip, deflate, br"})
    assert status == 200 and headers["content-encoding"] == "gzip" and headers["vary"] == "Accept-Encoding"
    assert gzip.decompress(body) == plain[2] and len(body) < len(plain[2]) / 2
    assert headers["etag"] != plain[1]["etag"]          # another representation, another tag
    assert static.get("/voila/static/voila.js", **{"Accept-Encoding": "gzip", "If-None-Match": headers["etag"]})[0] == 304
    font = "/voila/templates/cardkit/static/fontawesome/webfonts/fa-solid-900.woff2"
    status, headers, body = static.get(font, **{"Accept-Encoding": "gzip"})
    assert status == 200 and "content-encoding" not in headers
    assert body == (REPO / "share/jupyter/voila/templates/cardkit/static" / font.split("/static/")[1]).read_bytes()


def test_a_lab_extensions_file_is_served_and_a_changed_file_anew(static):
    path = "/voila/labextensions/test-ext/static/remoteEntry.js"
    first = static.get(path)
    assert first[0] == 200 and first[2] == static.extension_file.read_bytes()
    assert first[1]["cache-control"] == "no-cache"
    assert static.get(path + "?v=abc")[1]["cache-control"] == YEAR
    static.extension_file.write_text("var seen = 2;\n")
    second = static.get(path, **{"If-None-Match": first[1]["etag"]})
    assert second[0] == 200 and second[2] == b"var seen = 2;\n"
    template = "/voila/templates/cardkit/static/test-only.js"
    assert static.get(template)[2] == static.template_file.read_bytes()
    static.template_file.write_text("var seen = 3;\n")
    assert static.get(template)[2] == b"var seen = 3;\n"


def test_a_head_request_has_the_headers_and_no_body(static):
    status, headers, body = static.get("/voila/static/voila.js", method="HEAD")
    assert status == 200 and body == b""
    assert int(headers["content-length"]) == voila_file("voila.js").stat().st_size


@pytest.mark.parametrize("path", ["/voila/static/no-such.js", "/voila/static/%2e%2e/%2e%2e/app.py",
                                  "/voila/labextensions/%2e%2e/%2e%2e/etc/passwd",
                                  "/voila/templates/cardkit/static/%2e%2e/conf.json",
                                  "/voila/templates/cardkit/static/../../../../../../etc/passwd",
                                  "/voila/templates/cardkit/other/page-guard.js"])
def test_a_missing_file_or_one_outside_the_static_folders_is_not_served(static, path):
    status, _headers, body = static.get(path)
    assert status in (403, 404), (status, body[:200])
    assert b"root:" not in body and b"base_template" not in body


def test_no_static_file_sets_a_cookie_so_a_proxy_may_keep_it(static):
    for path in ("/voila/labextensions/test-ext/static/remoteEntry.js", "/voila/static/voila.js",
                 "/voila/templates/cardkit/static/page-guard.js"):
        assert "set-cookie" not in static.get(path)[1], path


def test_kernels_talk_over_unix_sockets_so_no_two_can_race_for_a_port(static, tmp_path):
    """A page's kernel, started by the real server, reaches it over ipc (no TCP port to lose to
    another process) and runs the page; a transport given to the server still wins."""
    import nbformat
    page = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "import json, ipykernel.connect\n"
        "print('transport:' + json.load(open(ipykernel.connect.get_connection_file()))['transport'])")])
    page.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    folder = static.extra.parent / "pages"
    nbformat.write(page, folder / "transport.ipynb")
    status, _, body = static.get("/voila/render/transport.ipynb")
    assert status == 200 and "transport:ipc" in body.decode(), body.decode()[-2000:]
    app = CardkitVoila(config_file_paths=[])
    app.initialize([str(tmp_path), "--KernelManager.transport=tcp"])
    assert app.config.KernelManager.transport == "tcp"


def test_a_class_arriving_before_every_page_is_warm_starts_no_extra_kernels(tmp_path):
    """Once a class page is taken, its pool keeps only ``class_reserve`` warm kernels, even when some
    are still warming (one failed or slow kernel kept "ready" from ever being said, and Voila then
    started a new kernel for each page taken, on the CPU the arriving class needed)."""
    import nbformat
    marker = tmp_path / "first-kernel"
    page = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "import os, time\n"
        f"try:\n    os.close(os.open({str(marker)!r}, os.O_CREAT | os.O_EXCL))\n"
        "except FileExistsError:\n    time.sleep(300)      # every kernel but the first is still warming")])
    page.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    server = Static(tmp_path / "server", pages={"slow.ipynb": page},
                    args=("--CardkitVoila.class_pages=slow", "--CardkitVoila.class_size=3",
                          "--CardkitVoila.class_reserve=1", "--VoilaKernelManager.fill_delay=0"))
    try:
        def started():
            return server.log.read_text(errors="replace").count("Kernel started")
        deadline = time.monotonic() + 240
        while started() < 3 and time.monotonic() < deadline:
            time.sleep(0.5)
        assert started() == 3, server.log.read_text(errors="replace")[-3000:]
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=240)
        conn.request("GET", "/voila/render/slow.ipynb")          # a student takes a page; ready was never said
        deadline = time.monotonic() + 240
        while "Using pre-heated kernel" not in server.log.read_text(errors="replace"):
            assert time.monotonic() < deadline, server.log.read_text(errors="replace")[-3000:]
            time.sleep(0.5)
        time.sleep(20)                                         # a refill would have started by now
        log = server.log.read_text(errors="replace")
        assert "ready:" not in log and started() == 3, log[-3000:]
        conn.close()
    finally:
        server.stop()
