"""Every test runs with the engine's conservation check after each action."""
from pathlib import Path

import cardkit.core.game

cardkit.core.game.CHECK_CONSERVATION = True


def pytest_ignore_collect(collection_path, config):
    """tests/site/ (the static site in a browser) runs only when named, as `make test-site` does:
    it needs the site-building tools, which `make test` does not install."""
    site = Path(__file__).resolve().parent / "site"
    if collection_path.resolve() != site:
        return None
    named = [Path(str(arg).split("::")[0]).resolve() for arg in config.args]
    return not any(path == site or site in path.parents for path in named)
