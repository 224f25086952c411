"""environment.yml, read as conda reads it (no conda needed): the Python the project asks for, and
a pip install of this folder with extras that exist, which gives the `cardkit` command."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[1]
ENV_TEXT = (REPO / "environment.yml").read_text()
ENV = yaml.safe_load(ENV_TEXT)
PROJECT = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]


def test_it_names_an_environment_from_conda_forge():
    assert ENV["name"] == "cardkit"
    assert ENV["channels"] == ["conda-forge"]


def test_its_python_is_one_the_project_runs_on():
    python = next(d for d in ENV["dependencies"] if isinstance(d, str) and d.startswith("python="))
    wanted = tuple(int(n) for n in python.split("=")[1].split("."))
    least = tuple(int(n) for n in re.match(r">=\s*([\d.]+)", PROJECT["requires-python"]).group(1).split("."))
    assert wanted >= least


def test_pip_installs_this_folder_with_extras_that_exist():
    assert "pip" in ENV["dependencies"]
    pip = next(d["pip"] for d in ENV["dependencies"] if isinstance(d, dict))
    assert len(pip) == 1
    found = re.fullmatch(r"-e \.\[([\w,]+)\]", pip[0])
    assert found, pip
    assert set(found.group(1).split(",")) <= set(PROJECT["optional-dependencies"])
    assert {"test", "dev"} <= set(found.group(1).split(","))      # make test's tools, and JupyterLab


def test_the_command_it_promises_is_the_one_the_project_installs():
    assert "cardkit app" in ENV_TEXT and "conda env create -f environment.yml" in ENV_TEXT
    assert PROJECT["scripts"]["cardkit"] == "server.cli:main"
