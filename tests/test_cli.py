"""The cardkit command (server/cli.py) without starting a server: where it finds the app, what it
passes to the server, and a bad argument said in one line, not a traceback."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from server import cli

REPO = Path(__file__).resolve().parents[1]


def run(capsys, *argv):
    with pytest.raises(SystemExit) as exit_:
        cli.main(list(argv))
    return exit_.value.code, capsys.readouterr().err


def test_in_a_checkout_the_command_serves_the_checkouts_notebooks_with_its_voila_json():
    files = cli.app_files()
    assert files.checkout and files.notebooks == REPO / "notebooks" and files.config == REPO
    argv = cli.voila_argv(files.notebooks, files, 8866, "127.0.0.1", ["--CardkitVoila.max_kernels=80"])
    assert argv[0] == str(REPO / "notebooks")
    assert "--port=8866" in argv and "--Voila.ip=127.0.0.1" in argv
    paths = [a for a in argv if a.startswith("--Voila.config_file_paths=")]
    assert paths[0] == f"--Voila.config_file_paths={REPO}"          # voila.json of the app first, whatever the cwd
    assert argv[-1] == "--CardkitVoila.max_kernels=80"


@pytest.mark.parametrize("argv, says", [
    (["app", "--port", "http"], "a port is a whole number from 1 to 65535, not 'http'"),
    (["app", "--port", "70000"], "a port is a whole number from 1 to 65535, not 70000"),
    (["class", "flip7", "--size", "none"], "the class size is a whole number of students, 1 or more"),
    (["class"], "the following arguments are required: PAGE"),
    (["lessons", "copy"], "the following arguments are required: DIR"),
    (["lessons", "copy", "x", "y"], "unrecognized arguments: y"),
    (["serve"], "invalid choice: 'serve'"),
])
def test_a_bad_argument_is_named(capsys, argv, says):
    code, err = run(capsys, *argv)
    assert code == 2 and says in err and "Traceback" not in err


@pytest.mark.parametrize("argv, says", [
    (["class", "flip8"], "no page 'flip8' under"),
    (["app", "--verbose"], "unknown argument '--verbose' (Voila settings are written --Section.name=value"),
    (["app", "--notebooks", "/nonexistent"], "/nonexistent holds no index.ipynb"),
])
def test_a_wrong_page_folder_or_option_is_said_in_one_line(capsys, argv, says):
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1


def test_class_pages_take_make_s_one_argument_and_name_the_pages_there_are():
    notebooks = REPO / "notebooks"
    assert cli.class_pages(["lessons/flip7_when_to_stop flip7"], notebooks) == ["lessons/flip7_when_to_stop", "flip7"]
    assert cli.class_pages(["eights.ipynb"], notebooks) == ["eights.ipynb"]
    with pytest.raises(cli.UsageError, match=r"the pages are: (.*, )?eights, flip7, "):
        cli.class_pages(["lessons/flip7"], notebooks)


def test_lessons_copy_copies_every_notebook_and_keeps_the_teachers_own(tmp_path, capsys):
    folder = tmp_path / "mine"
    assert cli.main(["lessons", "copy", str(folder)]) == 0
    copied = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.ipynb"))
    assert copied == sorted(p.relative_to(REPO / "notebooks").as_posix() for p in (REPO / "notebooks").rglob("*.ipynb")
                            if ".ipynb_checkpoints" not in p.parts)
    assert "lessons/_template.ipynb" in copied and "index.ipynb" in copied
    edited = folder / "lessons" / "_template.ipynb"
    edited.write_text(json.dumps({"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    capsys.readouterr()
    assert cli.main(["lessons", "copy", str(folder)]) == 0
    assert json.loads(edited.read_text())["cells"] == []          # never overwritten
    assert f"Copied 0 notebooks to {folder}; kept {len(copied)} already there." in capsys.readouterr().out


def test_lessons_copy_refuses_a_file(tmp_path, capsys):
    (tmp_path / "a-file").write_text("")
    assert cli.main(["lessons", "copy", str(tmp_path / "a-file")]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err


def test_a_port_in_use_is_said_before_the_server_starts(capsys):
    import socket
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        port = server.getsockname()[1]
        assert cli.main(["app", "--port", str(port)]) == 2
    assert f"port {port} is taken on 127.0.0.1" in capsys.readouterr().err


def test_trusted_proxies_go_to_the_server_as_its_setting():
    args = cli.parser().parse_args(["class", "flip7", "--trusted-proxies", "127.0.0.1, 10.0.0.0/8"])
    assert cli._proxies(args) == ["--CardkitVoila.trusted_proxies=127.0.0.1",
                                  "--CardkitVoila.trusted_proxies=10.0.0.0/8"]
    assert cli._proxies(cli.parser().parse_args(["app"])) == []          # none named: none trusted


def test_the_command_speaks_the_terminals_language(monkeypatch, capsys, tmp_path):
    """LANGUAGE / LC_ALL / LC_MESSAGES / LANG, as programs read them: a French terminal reads French."""
    from cardkit import i18n
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "de_CH.UTF-8")
    assert cli.terminal_language() == "de"
    monkeypatch.setenv("LC_ALL", "C")
    assert cli.terminal_language() == "en"
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    (tmp_path / "a-file").write_text("")
    try:
        assert cli.main(["lessons", "copy", str(tmp_path / "a-file")]) == 2
    finally:
        i18n.set_language("en")
    assert "a-file est un fichier, pas un dossier" in capsys.readouterr().err
