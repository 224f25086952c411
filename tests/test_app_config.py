"""voila.json: the settings the app relies on, checked without starting Voila."""

import json
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CONFIG = json.loads((REPO / "voila.json").read_text())


def test_sources_and_tracebacks_stay_hidden():
    voila = CONFIG["VoilaConfiguration"]
    assert voila["strip_sources"] is True
    assert voila["show_tracebacks"] is False


def test_the_app_template_redirects_the_tree_root():
    assert CONFIG["VoilaConfiguration"]["template"] == "cardkit"
    template = REPO / "share" / "jupyter" / "voila" / "templates" / "cardkit"
    assert json.loads((template / "conf.json").read_text())["base_template"] == "lab"
    for page in ("tree.html", "tree-lab.html"):
        assert "redirect.html" in (template / page).read_text()
    assert "voila/render/index.ipynb" in (template / "redirect.html").read_text()


def test_the_app_template_serves_its_icon_font():
    template = REPO / "share" / "jupyter" / "voila" / "templates" / "cardkit"
    page = (template / "index.html.j2").read_text()
    assert "cdn." not in page
    for css in ("all.min.css", "v4-shims.min.css"):
        assert f"static/fontawesome/css/{css}" in page
        assert (template / "static" / "fontawesome" / "css" / css).is_file()
    assert sorted(p.name for p in (template / "static" / "fontawesome" / "webfonts").iterdir()) == [
        "fa-brands-400.woff2", "fa-regular-400.woff2", "fa-solid-900.woff2"]


def test_idle_kernels_are_culled_even_behind_a_forgotten_tab():
    """A closed tab shuts its kernel down (the template's beacon); a kernel nobody used for the
    idle timeout is culled even with its tab still open, and its page then says so."""
    kernels = CONFIG["MappingKernelManager"]
    assert 600 <= kernels["cull_idle_timeout"] <= 3600
    assert 0 < kernels["cull_interval"] <= kernels["cull_idle_timeout"]
    assert kernels["cull_connected"] is True
    assert kernels.get("cull_busy", False) is False  # a warm class kernel waits busy for its visitor


def test_a_busy_server_is_slow_not_broken():
    """nbclient waits 4 s for a cell's output, then drops it silently: the page lacks its game and
    says nothing. Wait long, and past that say so (the page guard then reloads or tells)."""
    executor = CONFIG["VoilaExecutor"]
    assert executor["iopub_timeout"] >= 60
    assert executor["raise_on_iopub_timeout"] is True
    assert executor["startup_timeout"] >= 120
    assert "timeout" not in executor  # a warm kernel's last cell waits for its visitor for hours


def test_the_page_limits_are_on():
    limits = CONFIG["CardkitVoila"]
    assert limits["max_kernels"] > 0 and limits["max_kernels_per_client"] > 0


def test_make_serves_the_app_with_the_cardkit_command():
    """One way to start: `make app` / `make class` run `cardkit app` / `cardkit class`
    (server/cli.py), which runs the app's server (server.voila_server)."""
    makefile = (REPO / "Makefile").read_text()
    assert "CARDKIT := $(PY) -m server.cli" in makefile
    assert "$(CARDKIT) app --port=$(PORT) --host=$(HOST)" in makefile
    assert "$(CARDKIT) class $(PAGES) --size=$(SIZE)" in makefile
    assert "from .voila_server import CardkitVoila" in (REPO / "server" / "cli.py").read_text()


def test_pages_run_for_their_visitor_and_can_still_be_preheated():
    """By default each page runs in a kernel started for its visitor: no kernel held all day for
    nobody. Class mode (make class) warms a pool for the pages of the day: every notebook ends
    with widgets.ui.hosting.wait_for_visitor(), which holds a pool kernel until a page takes it (so
    idle culling cannot shut it down first, and its visitor gets a game nobody saw) and returns
    at once in any other kernel."""
    assert CONFIG["VoilaConfiguration"].get("preheat_kernel", False) is False
    wrong = []
    for path in sorted((REPO / "notebooks").rglob("*.ipynb")):
        if ".ipynb_checkpoints" in path.parts:
            continue
        code = ["".join(c["source"]) for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "code"]
        if "wait_for_visitor()" not in code[-1] or any("wait_for_visitor()" in c for c in code[:-1]):
            wrong.append(str(path.relative_to(REPO)))
    assert not wrong, f"these do not call wait_for_visitor() in their last code cell only: {wrong}"
