"""Errors the engine raises on bad input; each says what went wrong in words."""
import reprlib


class IllegalAction(Exception):
    """A move the rules forbid now; ``rule`` names the clause (e.g. "flip7.turn"). ``message`` may be
    a ``State.phrase`` naming players: ``str()`` names every seat ("Player 0 must draw first (rule
    eights.draw)"), ``reason_for(0)`` speaks to seat 0 ("you must draw first")."""

    def __init__(self, message: str, rule: str):
        super().__init__(message)
        self.rule = rule

    def __str__(self) -> str:
        return f"{self.args[0]} (rule {self.rule})"

    def __reduce__(self):
        # a refusal raised in a simulation's worker process comes back whole, rule and all
        return type(self), (self.args[0] if self.args else "", self.rule)

    def reason_for(self, viewer: int | None, names=None) -> str:
        """Why, without the rule, as seat ``viewer`` reads it (None: every seat by ``names``). The
        reason follows a colon where it is shown ("Not allowed: you must..."), so it starts small."""
        from .. import i18n
        reason = self.args[0] if self.args else ""
        if not hasattr(reason, "for_seat"):
            return i18n.gettext(str(reason))
        text = reason.for_seat(viewer, names)
        if i18n.language() == i18n.DEFAULT:
            return "y" + text[1:] if text.startswith(("You ", "Your ", "You,", "Yourself")) else text
        you = i18n.grammar()["you"]
        return you + text[len(you):] if text[:len(you)].lower() == you and text[len(you):len(you) + 1] in (" ", ",") else text


class ReplayError(ValueError):
    """A replay file that cannot be read back into a game."""


class _Short(reprlib.Repr):
    """reprlib's short reprs, and a whole number too long to show by its size: ``repr`` of an int
    of more than 4,300 digits raises ValueError, and a long one would drown the message."""

    def __init__(self):
        super().__init__()
        self.maxstring, self.maxother, self.maxlevel = 60, 60, 3

    def repr_int(self, x, level):
        if x.bit_length() > 100:
            return f"<a whole number of about {int(x.bit_length() * 0.30103) + 1} digits>"
        return repr(x)


def shown(value) -> str:
    """``value`` as an error message shows it: short, even when it is huge or nested deep."""
    return _SHORT.repr(value)


_SHORT = _Short()
