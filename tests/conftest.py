"""Every test runs with the engine's conservation check after each action."""
import cardkit.core.game

cardkit.core.game.CHECK_CONSERVATION = True
