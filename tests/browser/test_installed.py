"""The app installed like any Python tool: the wheel built from this tree, installed into a new
virtual environment with no repository on its path, started with `cardkit app`, its landing page
opened in chromium.

What keeps it fast and still honest: the wheel is built as a host builds it (pip, in an isolated
build environment) from a copy of the tree. The new environment is a plain venv of its own
(its own prefix, no system site packages); its dependencies are the ones this test runs with,
linked in one by one (every distribution but cardkit's own, and the Jupyter data files
they install: the widget front-ends, Voila's base templates, the kernel spec), so pip installs the
wheel with ``--no-index`` and still checks that every dependency it declares is there. Nothing of
the repository is linked: the notebooks, voila.json, the template and the command come from the
wheel alone, which the test checks before it opens the page.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

import cardkit

from .conftest import REPO, _answers, _free_port, _stop

pytestmark = pytest.mark.browser

#: Not copied to build the wheel: environments, builds, caches, test output.
SKIP_AT_TOP = {".git", ".venv", "venv", "build", "dist", "site", "bench"}
SKIP_ANYWHERE = {"__pycache__", ".ipynb_checkpoints", ".pytest_cache", "screenshots", "node_modules"}


def _source_copy(dest: Path) -> Path:
    def ignore(folder, names):
        top = Path(folder) == REPO
        return [n for n in names if n in SKIP_ANYWHERE or n.endswith(".egg-info") or (top and n in SKIP_AT_TOP)]
    shutil.copytree(REPO, dest, ignore=ignore)
    return dest


def _is_cardkits(name: str, path: Path) -> bool:
    """This project's own entries in site-packages: its dist-info, an editable install's hooks."""
    if name.startswith(("cardkit", "__editable__")) or name in ("widgets", "classroom") or name.endswith(".egg-link"):
        return True
    if name.endswith(".pth"):
        text = path.read_text(errors="replace")
        return str(REPO) in text or "cardkit" in text
    return False


def _link_dependencies(venv: Path) -> None:
    """The running environment's distributions and Jupyter data files, but none of cardkit's."""
    here = Path(sysconfig.get_path("purelib"))
    target = venv / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}" / "site-packages"
    for entry in here.iterdir():
        if not _is_cardkits(entry.name, entry):
            (target / entry.name).symlink_to(entry)
    _link_all_but(Path(sys.prefix) / "share" / "jupyter", venv / "share" / "jupyter", "voila/templates/cardkit")


def _link_all_but(source: Path, target: Path, left_out: str) -> None:
    """Link every entry of ``source`` into ``target``; a folder on the way to ``left_out`` is made
    and its entries linked in turn, and ``left_out`` itself is not linked."""
    first, _, rest = left_out.partition("/")
    target.mkdir(parents=True, exist_ok=True)
    for entry in source.iterdir() if source.is_dir() else ():
        if entry.name != first:
            (target / entry.name).symlink_to(entry)
        elif rest:
            _link_all_but(entry, target / entry.name, rest)


def _run(cmd, **kwargs) -> str:
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300, **kwargs)
    assert done.returncode == 0, f"{' '.join(map(str, cmd))} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def _clean_env() -> dict:
    """No repository on any path: PYTHONPATH and JUPYTER_PATH as a host's shell would have them."""
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "JUPYTER_PATH", "VIRTUAL_ENV")}


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(venv folder, an empty working folder) with the built wheel installed."""
    tmp = tmp_path_factory.mktemp("installed")
    source = _source_copy(tmp / "source")
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--disable-pip-version-check",
          "-w", tmp / "dist", source])
    wheel, = (tmp / "dist").glob("cardkit-*.whl")
    venv = tmp / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", venv])
    _link_dependencies(venv)
    work = tmp / "work"
    work.mkdir()
    python = venv / "bin" / "python"
    env = _clean_env()
    with pytest.raises(AssertionError, match="No module named 'cardkit'"):
        _run([python, "-c", "import cardkit"], cwd=work, env=env)
    _run([python, "-m", "pip", "install", "--no-index", "--no-cache-dir", "--quiet", "--disable-pip-version-check",
          wheel], cwd=work, env=env)
    return venv, work


def test_the_wheel_brings_the_command_the_notebooks_and_the_template(installed):
    venv, work = installed
    where = _run([venv / "bin" / "python", "-c", "import cardkit, server.cli as c; print(cardkit.__file__); "
                  "f = c.app_files(); print(f.notebooks); print(f.config); print(f.checkout)"],
                 cwd=work, env=_clean_env()).split()
    assert all(Path(p).resolve().is_relative_to(venv.resolve()) or Path(p).is_relative_to(venv) for p in where[:3])
    assert where[3] == "False"
    notebooks = Path(where[1])
    shipped = sorted(p.relative_to(notebooks).as_posix() for p in notebooks.rglob("*.ipynb"))
    tree = sorted(p.relative_to(REPO / "notebooks").as_posix() for p in (REPO / "notebooks").rglob("*.ipynb")
                  if ".ipynb_checkpoints" not in p.parts)
    assert shipped == tree, "every notebook of the tree is in the wheel (pyproject.toml's data-files)"
    assert (Path(where[2]) / "voila.json").read_text() == (REPO / "voila.json").read_text()
    assert (venv / "share" / "jupyter" / "voila" / "templates" / "cardkit" / "index.html.j2").is_file()
    assert (venv / "bin" / "cardkit").is_file()


def test_cardkit_app_serves_the_landing_page(installed, page):
    venv, work = installed
    port = _free_port()
    log_path = work / "cardkit-app.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen([venv / "bin" / "cardkit", "app", "--port", str(port), "--host", "127.0.0.1",
                                 "--CardkitVoila.max_kernels_per_client=0"],
                                cwd=work, env=_clean_env(), stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 90
        while not _answers(url + "/"):
            assert proc.poll() is None and time.monotonic() < deadline, log_path.read_text(errors="replace")[-3000:]
            time.sleep(0.3)
        said = log_path.read_text(errors="replace")
        assert f"Open http://127.0.0.1:{port}/ in your browser" in said
        page.goto(url + "/")
        page.wait_for_url("**/voila/render/index.ipynb", timeout=30_000)
        expect(page.locator(".ck-tile")).to_have_count(len(cardkit.list_games()), timeout=90_000)
        expect(page.locator('.ck-tile[data-game="flip7"] a.ck-walkthrough')).to_have_attribute("href", "flip7.ipynb")
        assert page.errors == [] and page.external_errors == []
    finally:
        _stop(proc)
