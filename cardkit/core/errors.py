"""Errors the engine raises on bad input; each says what went wrong in words."""


class IllegalAction(Exception):
    """A move the rules forbid now; ``rule`` names the clause (e.g. "flip7.turn")."""

    def __init__(self, message: str, rule: str):
        super().__init__(message)
        self.rule = rule

    def __str__(self) -> str:
        return f"{self.args[0]} (rule {self.rule})"


class ReplayError(ValueError):
    """A replay file that cannot be read back into a game."""
