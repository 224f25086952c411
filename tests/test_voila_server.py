"""server.voila_server: the page limits' bookkeeping and the client address, without a server
(tests/browser/test_server_page.py has the server refuse a page for real)."""

from types import SimpleNamespace

import pytest

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
