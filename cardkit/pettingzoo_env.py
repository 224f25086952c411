"""A PettingZoo AEC environment over any cardkit game (``cardkit.env("flip7", players=3)``).

Imported only by ``cardkit.env()``: PettingZoo, Gymnasium and numpy are not needed by the engine.
Each agent ``player_<seat>`` observes ``{"observation": state.observation(seat), "action_mask":
state.action_mask(seat)}`` and acts with a move's fixed id (``state.action_at(id)``). The seat
asked first acts (in a reaction window the others answer after it passes, in priority order).
When the game ends, every winner gets +1 and every other seat -1. docs/learners.md has the layouts.
"""
from __future__ import annotations

import array

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import cardkit


_ZERO = array.array("f", [0.0])


class CardkitEnv(AECEnv):
    """One cardkit game as an AEC environment; ``reset(seed=...)`` deals a new game from that seed."""

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game_id: str, players: int | None = None, render_mode: str | None = None, **options):
        super().__init__()
        self.game_id, self.options = game_id, options
        game = self._game = cardkit.make(game_id, players=players, seed=0, **options)
        self.metadata = {**self.metadata, "name": f"cardkit_{game_id}_v0"}
        self.render_mode = render_mode
        encoding = game.encoding
        self.possible_agents = [f"player_{seat}" for seat in range(game.players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (encoding.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (encoding.action_slots,), np.int8),
        })
        slots = spaces.Discrete(encoding.action_slots)
        self.observation_spaces = {agent: space for agent in self.possible_agents}
        self.action_spaces = {agent: slots for agent in self.possible_agents}
        self.state = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def observe(self, agent):
        seat = self._seat[agent]
        state = self.state
        mask = np.zeros(self._game.encoding.action_slots, dtype=np.int8)   # some games have 130,000 ids
        if not state.is_over:
            mask[state.action_ids(seat)] = 1
        numbers = _ZERO * self._game.encoding.size     # float32 zeros, which numpy reads as they are
        state.observation(seat, numbers)
        return {"observation": np.frombuffer(numbers, dtype=np.float32), "action_mask": mask}

    def reset(self, seed=None, options=None):
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1)[0])
        game = cardkit.make(self.game_id, players=self._game.players, seed=int(seed), **self.options)
        self.state = game.new_state()
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        seat = self._seat[agent]
        state.apply(state.action_at(action, seat), seat)
        self._cumulative_rewards[agent] = 0
        if state.is_over:
            winners = set(state.winners)
            for other in self.agents:
                self.rewards[other] = 1 if self._seat[other] in winners else -1
                self.terminations[other] = True
        else:
            self.agent_selection = self.possible_agents[state.current_player]
        self._accumulate_rewards()

    def render(self):
        if self.render_mode == "ansi":
            return self.state.view(None).status

    def close(self):
        pass
