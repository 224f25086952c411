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


def test_idle_kernels_are_culled():
    kernels = CONFIG["MappingKernelManager"]
    assert kernels["cull_idle_timeout"] > 0
    assert 0 < kernels["cull_interval"] <= kernels["cull_idle_timeout"]
    assert kernels.get("cull_connected", False) is False  # an open tab keeps its kernel


def test_preheated_notebooks_run_whole_then_wait_for_their_visitor():
    """A preheated kernel runs the notebook before anyone asks, so the page appears at once.
    Its last cell calls _helpers.wait_for_visitor(), which in a pool kernel (only there: the import
    of voila costs seconds) holds it in voila.utils.wait_for_request() until a page takes it, so
    idle culling cannot shut it down first (the page would show no widgets)."""
    voila = CONFIG["VoilaConfiguration"]
    assert voila["preheat_kernel"] is True
    assert voila["default_pool_size"] >= 1
    wrong = []
    for path in sorted((REPO / "notebooks").rglob("*.ipynb")):
        if ".ipynb_checkpoints" in path.parts:
            continue
        code = ["".join(c["source"]) for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "code"]
        if "wait_for_visitor()" not in code[-1] or any("wait_for_visitor()" in c for c in code[:-1]):
            wrong.append(str(path.relative_to(REPO)))
    assert not wrong, f"these do not call wait_for_visitor() in their last code cell only: {wrong}"
