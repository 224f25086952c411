"""The ``cardkit`` command: the app, its class mode, JupyterLab and the static site, started the
same way from a repository checkout (``make app`` runs this) and from an installed wheel.

    cardkit app [--port 8866] [--host 127.0.0.1] [--notebooks DIR] [--trusted-proxies ADDR,...]
    cardkit class PAGE [PAGE ...] [--size 30] [--port ...] [--host ...] [--notebooks DIR] [--trusted-proxies ...]
    cardkit lab [DIR]
    cardkit lessons copy DIR
    cardkit site DIR

Where the app's files are: in a checkout, its ``notebooks/``, ``voila.json`` and
``share/jupyter`` (the Voila template); in an installed wheel, the same files installed as data
under ``<prefix>/share/cardkit`` (notebooks, voila.json, the site builder) and
``<prefix>/share/jupyter`` (the template), from the one copy in the repository
(``[tool.setuptools.data-files]`` in pyproject.toml).

Options Voila knows (``--CardkitVoila.max_kernels=80``) are passed on to it unchanged.
Kept apart from the notebooks' code: kernels never import it.
"""
from __future__ import annotations

import argparse
import os
import shutil
import site
import subprocess
import sys
import sysconfig
from dataclasses import dataclass
from pathlib import Path

from cardkit import i18n
from cardkit.i18n import _

DEFAULT_PORT = 8866
DEFAULT_HOST = "127.0.0.1"
#: The folder ``cardkit lab`` copies the notebooks to when no folder is given (installed copy only).
LAB_FOLDER = "cardkit-notebooks"
CHECKOUT = Path(__file__).resolve().parent.parent


class UsageError(Exception):
    """A bad argument or a missing piece, said in words (the command exits with status 2)."""


@dataclass(frozen=True)
class AppFiles:
    """Where the app's files are: the notebooks served, voila.json's folder, the folder holding
    ``voila/templates/cardkit`` (a Jupyter data folder), the static-site builder; ``checkout``:
    True in a repository checkout."""

    notebooks: Path
    config: Path
    jupyter: Path
    site_builder: Path
    checkout: bool


def _installed_roots():
    """The prefixes pip installs data files under: this environment's, then the user's."""
    seen = []
    for root in (sysconfig.get_path("data"), sys.prefix, getattr(site, "USER_BASE", None)):
        if root and Path(root) not in seen:
            seen.append(Path(root))
    return seen


def app_files() -> AppFiles:
    """The checkout's files when this module runs from one, else the installed data files."""
    if (CHECKOUT / "notebooks" / "index.ipynb").is_file() and (CHECKOUT / "voila.json").is_file():
        return AppFiles(CHECKOUT / "notebooks", CHECKOUT, CHECKOUT / "share" / "jupyter",
                        CHECKOUT / "tools" / "site" / "build_site.py", True)
    for root in _installed_roots():
        data = root / "share" / "cardkit"
        if (data / "notebooks" / "index.ipynb").is_file():
            return AppFiles(data / "notebooks", data, root / "share" / "jupyter", data / "site" / "build_site.py",
                            False)
    raise UsageError(_("cannot find the app's notebooks: cardkit was installed without its data files "
                       "(reinstall it with pip from the wheel or the source folder)"))


def _notebooks(folder: str | None, files: AppFiles) -> Path:
    if folder is None:
        return files.notebooks
    path = Path(folder).expanduser()
    if not (path / "index.ipynb").is_file():
        raise UsageError(_("{folder} holds no index.ipynb (the landing page): give a folder made by "
                           "`cardkit lessons copy DIR`").format(folder=folder))
    return path


def voila_argv(notebooks: Path, files: AppFiles, port: int, host: str, extra=()) -> list[str]:
    """The server's arguments: the notebooks folder, this port and address, voila.json's settings
    (from the app's folder, whatever the working directory), then ``extra``."""
    from jupyter_core.paths import jupyter_config_path
    paths = [str(files.config), *jupyter_config_path()]
    return [str(notebooks), "--no-browser", f"--port={port}", "--Voila.port_retries=0", f"--Voila.ip={host}",
            *(f"--Voila.config_file_paths={path}" for path in paths), *extra]


def check_port_free(host: str, port: int) -> None:
    """Say that the port is taken (or the address not this machine's) before Voila starts: Voila
    logs it among its start-up lines and may then hang on."""
    import socket
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    taken = False
    if host in ("0.0.0.0", "", "127.0.0.1", "localhost"):     # a server listening here answers
        with socket.socket(socket.AF_INET) as probe:
            probe.settimeout(1)
            taken = probe.connect_ex(("127.0.0.1", port)) == 0
    if taken:
        raise UsageError(_("port {port} is taken on {host}: another server runs there; stop it or choose another "
                           "--port").format(port=port, host=host))
    try:
        with socket.socket(family) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)     # as the server will
            probe.bind((host, port))
    except OSError as exc:
        raise UsageError(_("cannot listen on {host}:{port} ({why}); choose another --port or --host").format(
            host=host, port=port, why=exc.strerror or exc)) from None


def _serve(argv: list[str], files: AppFiles) -> int:
    if files.checkout:      # the template of the checkout, whether or not `make` linked it
        os.environ["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(files.jupyter),
                                                                  os.environ.get("JUPYTER_PATH")]))
    # Each kernel runs in its notebook's folder: a relative data folder would give each its own class rooms.
    if not os.environ.get("CARDKIT_DB"):
        os.environ["CARDKIT_DATA"] = str(Path(os.environ.get("CARDKIT_DATA") or "cardkit-data").resolve())
    from .voila_server import CardkitVoila
    CardkitVoila.launch_instance(argv=argv)
    return 0


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("a port is a whole number from 1 to 65535, not {given}").format(
            given=repr(text))) from None
    if not 0 < port < 65536:
        raise argparse.ArgumentTypeError(_("a port is a whole number from 1 to 65535, not {given}").format(given=port))
    return port


def _size(text: str) -> int:
    try:
        size = int(text)
    except ValueError:
        size = 0
    if size < 1:
        raise argparse.ArgumentTypeError(_("the class size is a whole number of students, 1 or more, not {given}").format(
            given=repr(text)))
    return size


def _voila_options(extra: list[str]) -> list[str]:
    """Only ``--Section.name=value`` options go on to Voila; anything else is a mistake to name."""
    wrong = [a for a in extra if not (a.startswith("--") and "." in a.split("=", 1)[0])]
    if wrong:
        raise UsageError(_("unknown argument {given} (Voila settings are written --Section.name=value, "
                           "e.g. --CardkitVoila.max_kernels=80)").format(given=repr(wrong[0])))
    return extra


def _proxies(args) -> list[str]:
    """``--trusted-proxies`` as the server's setting (checked there: a bad entry stops it with its name)."""
    return [f"--CardkitVoila.trusted_proxies={p.strip()}" for p in (args.trusted_proxies or "").split(",") if p.strip()]


def cmd_app(args, extra) -> int:
    files = app_files()
    notebooks = _notebooks(args.notebooks, files)
    argv = voila_argv(notebooks, files, args.port, args.host, [*_proxies(args), *_voila_options(extra)])
    check_port_free(args.host, args.port)
    print("\n  " + _("cardkit is starting. Open {address} in your browser.").format(
          address=f"http://{args.host}:{args.port}/") + "\n  " + _("(Ctrl-C stops it. Voila's own log follows.)") + "\n",
          flush=True)
    return _serve(argv, files)


def class_pages(pages: list[str], notebooks: Path) -> list[str]:
    """The class's pages as paths under ``notebooks`` (.ipynb optional); a page that is not there
    is named with the pages that are."""
    chosen = []
    for page in pages:
        for word in page.split():            # PAGES="a b" from make arrives as one argument
            name = word if word.endswith(".ipynb") else word + ".ipynb"
            if not (notebooks / name).is_file():
                known = sorted(p.relative_to(notebooks).with_suffix("").as_posix()
                               for p in notebooks.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
                raise UsageError(_("no page {page} under {folder}; the pages are: {pages}").format(
                    page=repr(word), folder=notebooks, pages=", ".join(known)))
            chosen.append(word)
    if not chosen:
        raise UsageError(_("name at least one page for the class, e.g. cardkit class flip7"))
    return chosen


def cmd_class(args, extra) -> int:
    files = app_files()
    notebooks = _notebooks(args.notebooks, files)
    pages = class_pages(args.pages, notebooks)
    argv = voila_argv(notebooks, files, args.port, args.host,
                      [*(f"--CardkitVoila.class_pages={p}" for p in pages), f"--CardkitVoila.class_size={args.size}",
                       *_proxies(args), *_voila_options(extra)])
    check_port_free(args.host, args.port)
    print("\n  " + _("cardkit class mode: warming {n} kernels for each of: {pages}.").format(
          n=args.size, pages=" ".join(pages)) + "\n  "
          + _("Open {address} once it prints 'ready: ... pages warm'. (Ctrl-C stops it.)").format(
              address=f"http://{args.host}:{args.port}/") + "\n", flush=True)
    return _serve(argv, files)


def copy_notebooks(dest: str | Path, files: AppFiles | None = None) -> tuple[list[Path], list[Path]]:
    """Copy the app's notebooks (landing page, walkthroughs, lessons, the lesson template) into
    ``dest``; a file already there is kept, never overwritten. Returns (copied, kept)."""
    files = files or app_files()
    dest = Path(dest).expanduser()
    if dest.exists() and not dest.is_dir():
        raise UsageError(_("{path} is a file, not a folder").format(path=dest))
    copied, kept = [], []
    for source in sorted(files.notebooks.rglob("*.ipynb")):
        relative = source.relative_to(files.notebooks)
        if ".ipynb_checkpoints" in relative.parts:
            continue
        target = dest / relative
        if target.exists():
            kept.append(target)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
        copied.append(target)
    return copied, kept


def cmd_lessons_copy(args, extra) -> int:
    copied, kept = copy_notebooks(args.dir)
    print(i18n.ngettext("Copied {n} notebook to {folder}", "Copied {n} notebooks to {folder}", len(copied)).format(
          n=len(copied), folder=Path(args.dir).expanduser())
          + ("; " + _("kept {n} already there").format(n=len(kept)) if kept else "") + ".")
    print(_("Write a lesson: copy lessons/_template.ipynb to lessons/<game>_<name>.ipynb there, then") + "\n"
          f"  cardkit lab {args.dir}      (" + _("edit it in JupyterLab") + ")\n"
          f"  cardkit app --notebooks {args.dir}      (" + _("the app with your lessons on its landing page") + ")")
    return 0


def cmd_lab(args, extra) -> int:
    files = app_files()
    if args.dir is not None:
        folder = Path(args.dir).expanduser()
    elif files.checkout:
        folder = files.notebooks
    else:               # the installed notebooks are the app's: the teacher edits a copy
        folder = Path(LAB_FOLDER)
    try:
        from jupyterlab.labapp import LabApp
    except ImportError:
        raise UsageError(_("JupyterLab is not installed here: pip install jupyterlab "
                           "(in a checkout, `make lab` installs it)")) from None
    if not (folder / "index.ipynb").is_file():
        copied, _kept = copy_notebooks(folder, files)
        print(_("Copied {n} notebooks to {folder}: JupyterLab opens there.").format(n=len(copied), folder=folder))
    LabApp.launch_instance(argv=[f"--ServerApp.root_dir={folder}", *extra])
    return 0


def cmd_site(args, extra) -> int:
    files = app_files()
    if not files.site_builder.is_file():
        raise UsageError(_("the static-site builder is missing ({path})").format(path=files.site_builder))
    if not (Path(sys.executable).parent / "voici").exists():      # the builder runs it from there
        raise UsageError(_("the static site's build tools are not installed: pip install 'cardkit[site]' "
                           "(in a checkout, `make site` installs them); the build also needs npm and Node"))
    env = dict(os.environ, CARDKIT_NOTEBOOKS=str(files.notebooks), CARDKIT_JUPYTER=str(files.jupyter))
    return subprocess.call([sys.executable, str(files.site_builder), "--out", str(Path(args.dir).expanduser()),
                            *extra], env=env)


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="cardkit", description=_("Serve the cardkit app, write lessons, build the site."))
    commands = top.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True

    def served(sub):
        sub.add_argument("--port", type=_port, default=DEFAULT_PORT, help=_("port (default {port})").format(port=DEFAULT_PORT))
        sub.add_argument("--host", default=DEFAULT_HOST,
                         help=_("address to listen on (default {host}; 0.0.0.0 serves other machines)").format(
                             host=DEFAULT_HOST))
        sub.add_argument("--notebooks", metavar="DIR",
                         help=_("serve this folder's notebooks (made by `cardkit lessons copy DIR`)"))
        sub.add_argument("--trusted-proxies", metavar="ADDR,...",
                         help=_("your reverse proxies (addresses or networks, comma-separated): only their "
                                "X-Real-IP / X-Forwarded-For name the visitor (default: none, or "
                                "$CARDKIT_TRUSTED_PROXIES)"))

    app = commands.add_parser("app", help=_("serve the app (as `make app`)"))
    served(app)
    app.set_defaults(run=cmd_app)
    klass = commands.add_parser("class", help=_("serve the app with warm pages for a class (as `make class`)"))
    klass.add_argument("pages", nargs="+", metavar="PAGE", help=_("pages of the day, e.g. flip7 lessons/flip7_when_to_stop"))
    klass.add_argument("--size", type=_size, default=30, help=_("students: warm kernels for each page (default 30)"))
    served(klass)
    klass.set_defaults(run=cmd_class)
    lab = commands.add_parser("lab", help=_("JupyterLab on the notebooks, to write lessons"))
    lab.add_argument("dir", nargs="?", metavar="DIR",
                     help=_("the notebooks' folder (copied there first if it holds none; default: the checkout's "
                            "notebooks/, or ./{folder} for an installed cardkit)").format(folder=LAB_FOLDER))
    lab.set_defaults(run=cmd_lab)
    lessons = commands.add_parser("lessons", help=_("copy the notebooks to a folder of your own"))
    what = lessons.add_subparsers(dest="what", metavar="copy")
    what.required = True
    copy = what.add_parser("copy", help=_("copy every notebook (and the lesson template) into DIR"))
    copy.add_argument("dir", metavar="DIR")
    copy.set_defaults(run=cmd_lessons_copy)
    site_ = commands.add_parser("site", help=_("build the app as a static site in DIR (as `make site`)"))
    site_.add_argument("dir", metavar="DIR")
    site_.set_defaults(run=cmd_site)
    return top


def terminal_language() -> str:
    """The language of the terminal's messages, as programs read it: LANGUAGE, LC_ALL, LC_MESSAGES,
    LANG ("de_CH.UTF-8" is German); English if none is one we speak."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "").strip()
        if value:
            return i18n.negotiate(accept_language=",".join(part.split(".")[0].replace("_", "-")
                                                           for part in value.split(":")))
    return i18n.DEFAULT


def main(argv=None) -> int:
    i18n.set_language(terminal_language())
    top = parser()
    args, extra = top.parse_known_args(argv)
    try:
        if extra and args.run in (cmd_lessons_copy, cmd_site):
            top.error(_("unrecognized arguments: {arguments}").format(arguments=" ".join(extra)))
        return args.run(args, extra)
    except UsageError as err:
        print(f"cardkit {args.command}: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
