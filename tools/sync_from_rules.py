"""Bring docs/rules/<game>.md in step with each game's rules.py: a clause's bullet takes its title and
text, a new clause goes in after the one before it, and the house rules list is rebuilt from the declared house_rules
(Flip 7 and Huit américain keep theirs in the walkthrough). The prose around them is left as written.
The German, French and Swedish pages (docs/rules/<lang>/) are translated by hand: what changed is printed.

    python tools/sync_from_rules.py        # from the repository's root
"""
import re
import sys
import textwrap

sys.path.insert(0, ".")
from cardkit import list_games  # noqa: E402
from cardkit.games import declaration  # noqa: E402


BULLET = re.compile(r"- \*\*.*?\*\* \(`([a-z0-9_]+\.[a-z0-9_]+)`\):")


def wrapped(text: str) -> list[str]:
    return textwrap.fill(text, width=100, subsequent_indent="  ", break_on_hyphens=False,
                         break_long_words=False).split("\n")


def bullet(rule) -> list[str]:
    return wrapped(f"- **{rule.title}** (`{rule.id}`): {' '.join(rule.text.split())}")


def spans(lines: list[str]) -> dict:
    """Clause id -> the (first, past-last) lines of its bullet."""
    found = {}
    for i, line in enumerate(lines):
        match = BULLET.match(line)
        if match:
            end = i + 1
            while end < len(lines) and lines[end].startswith("  "):
                end += 1
            found[match.group(1)] = (i, end)
    return found


def sync_clauses(game_id: str) -> None:
    path = f"docs/rules/{game_id}.md"
    lines = open(path, encoding="utf-8").read().split("\n")
    previous = None
    for rule in declaration(game_id).rules:
        where, new = spans(lines), bullet(rule)
        if rule.id in where:
            first, end = where[rule.id]
            if " ".join(" ".join(lines[first:end]).split()) != " ".join(" ".join(new).split()):
                lines[first:end] = new
                print(game_id, "updated", rule.id, "(translate it in docs/rules/de, fr, sv too)")
        else:
            at = where[previous][1] if previous else None
            lines[at:at] = new
            print(game_id, "added", rule.id, "(add it to docs/rules/de, fr, sv too)")
        previous = rule.id
    open(path, "w", encoding="utf-8").write("\n".join(lines))


def sync_house_rules(game_id: str) -> None:
    """The house rules list, rebuilt from the declaration (Flip 7 and Huit américain keep theirs in
    the walkthrough, so their lists are left as written)."""
    house_rules = declaration(game_id).house_rules
    if not house_rules:
        return
    path = f"docs/rules/{game_id}.md"
    head, heading, tail = open(path, encoding="utf-8").read().partition("## House rules used here\n")
    intro = tail[:tail.index("\n- ") + 1]
    listed = "\n".join(line for rule in house_rules for line in wrapped("- " + " ".join(rule.split())))
    open(path, "w", encoding="utf-8").write(head + heading + intro + listed + "\n")


if __name__ == "__main__":
    for game_id in list_games():
        sync_clauses(game_id)
        sync_house_rules(game_id)
