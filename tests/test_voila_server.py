"""widgets.voila_server: the page limits' bookkeeping and the client address, without a server
(tests/browser/test_server_page.py has the server refuse a page for real)."""

from types import SimpleNamespace

from widgets.voila_server import CardkitVoila, PageLimits, client_address


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


def test_zero_means_no_limit():
    limits = PageLimits(max_kernels=0, max_per_client=0)
    for n in range(50):
        limits.took(limits.begin("a"), f"k{n}")
    assert limits.refusal("a", [f"k{n}" for n in range(50)]) is None


def test_the_client_is_the_peer_unless_a_local_proxy_names_it():
    assert client_address(request("10.0.0.5")) == "10.0.0.5"
    assert client_address(request("10.0.0.5", **{"X-Real-Ip": "1.2.3.4"})) == "10.0.0.5"   # not a proxy of ours
    assert client_address(request("127.0.0.1", **{"X-Real-Ip": "10.0.0.7"})) == "10.0.0.7"
    assert client_address(request("127.0.0.1", **{"X-Forwarded-For": "6.6.6.6, 10.0.0.8"})) == "10.0.0.8"
    assert client_address(request("::1")) == "::1"


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
