"""Draw Dominoes as a PettingZoo AEC environment (and a parallel one for PettingZoo's tools).

**Agents** are ``"player_0"`` .. ``"player_{n-1}"``, one per seat, in the engine's seat
order.  ``agent_selection`` is the seat to move; after a draw the same seat moves again.

**Actions** (``Discrete(2 * S + 2)``, S the tile ids of the set: 28 for double-six):
``2 * tile.id + 0`` plays the tile at the left end, ``2 * tile.id + 1`` at the right end
(the lead is ``2 * tile.id``, on the left), ``2 * S`` draws and ``2 * S + 1`` passes.
:func:`action_of` and :func:`move_of` turn a ``Move`` into its number and back.  The
observation's ``"action_mask"`` (1 for each legal action; all 0 when it is not the seat's
turn) is exactly the engine's ``legal_moves()``.

**Observations** are ``{"observation": float32 array, "action_mask": int8 array}``; the array
is built only from what the seat may know (:mod:`dominolab.env.observation` lists its blocks).

**Rewards** come when a hand ends: each seat receives its side's net points, its points less
the others' (their mean, past two sides), so the rewards of the sides add up to zero and
partners receive the same.  ``infos[agent]["points"]`` then holds each side's points as the
engine scored them (``env.unwrapped.round.result`` explains them).  With ``target`` the
episode is a match: hands are dealt one after another (the next leader chosen by the rules,
as :class:`~dominolab.match.Match` does) until a side reaches the target, each hand rewarded
as it ends.

**Illegal actions** (outside the mask): ``illegal="end"`` (the default, PettingZoo's
convention) ends the episode, the offending side receiving ``illegal_reward`` and the others
its opposite shared among them (still zero-sum); ``"raise"`` raises ``ValueError`` naming
the action and the legal ones; ``"random"`` plays a random legal move instead and says so in
``infos[agent]["illegal"]`` (for tools that send unmasked actions).

``seed`` seeds the deals of resets that give none (``reset(seed=...)`` reseeds) and the action
spaces' ``sample()``.
``max_cycles`` truncates the episode after that many turns of the table (a turn of the table:
as many moves as seats).  ``render_mode="ansi"`` returns the table in words,
``"rgb_array"`` the engine's own picture of the table as pixels (cairosvg draws the SVG).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Optional, Union

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

from ..fastround import FAST_DRAW, FAST_PASS
from ..match import Match
from ..moves import DRAW, PASS, Move, Play
from ..playout import derive_seed
from ..round import Round
from ..rules import Rules
from ..search import net_utility
from ..tiles import TILE_BY_ID
from .observation import Layout, Tracker

__all__ = ["action_of", "env", "move_of", "parallel_env", "raw_env"]

ILLEGAL = ("end", "raise", "random")


def action_of(move: Move, rules: Union[Rules, str] = "standard") -> int:
    """The action number of ``move`` under ``rules`` (see the module's docstring)."""
    tiles = Layout(Rules.coerce(rules), 2).tiles
    if isinstance(move, Play):
        return 2 * move.tile.id + move.side
    if move is DRAW:
        return 2 * tiles
    if move is PASS:
        return 2 * tiles + 1
    raise ValueError(f"not a move: {move!r}")


def move_of(action: int, rules: Union[Rules, str] = "standard") -> Move:
    """The move that action number ``action`` stands for under ``rules``."""
    tiles = Layout(Rules.coerce(rules), 2).tiles
    if not isinstance(action, (int, np.integer)) or not 0 <= action < 2 * tiles + 2:
        raise ValueError(f"an action is a whole number from 0 to {2 * tiles + 1}, got {action!r}")
    action = int(action)
    if action == 2 * tiles:
        return DRAW
    if action == 2 * tiles + 1:
        return PASS
    return Play(TILE_BY_ID[action >> 1], "right" if action & 1 else "left")


class _Seat:
    """A placeholder player for the match bookkeeping: the agents choose, not it."""

    def choose(self, view: Any) -> Move:  # pragma: no cover - never asked
        raise RuntimeError("the environment's agents choose the moves")


class raw_env(AECEnv, EzPickle):  # type: ignore[misc]  # PettingZoo names its classes so
    """Draw Dominoes for ``players`` seats under ``rules`` (a preset's name or a
    :class:`~dominolab.rules.Rules`).  See the module's docstring for the spaces and rewards."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "rgb_array"],
        "name": "draw_dominoes_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, rules: Union[Rules, str] = "standard", players: int = 2, *,
                 target: Union[int, bool, None] = None, max_cycles: Optional[int] = None,
                 illegal: str = "end", illegal_reward: float = -100.0,
                 render_mode: Optional[str] = None, seed: Optional[int] = None):
        EzPickle.__init__(self, rules, players, target=target, max_cycles=max_cycles, illegal=illegal,
                          illegal_reward=illegal_reward, render_mode=render_mode, seed=seed)
        super().__init__()
        self.rules = Rules.coerce(rules)
        Round.deal(self.rules, players, seed=0)  # a clear error now for players the rules do not allow
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {', '.join(map(repr, ILLEGAL))}; got {illegal!r}")
        if render_mode is not None and render_mode not in ("ansi", "rgb_array"):
            raise ValueError(f"render_mode must be None, 'ansi' or 'rgb_array'; got {render_mode!r}")
        if max_cycles is not None and (not isinstance(max_cycles, int) or max_cycles < 1):
            raise ValueError(f"max_cycles must be a whole number of at least 1 or None; got {max_cycles!r}")
        if target is True:
            target = self.rules.target_for(self.rules.sides(players))
        if target is False:
            target = None
        if target is not None and (not isinstance(target, int) or target < 1):
            raise ValueError(f"target must be a whole number of at least 1, True or None; got {target!r}")
        self.players = players
        self.target: Optional[int] = target
        self.max_cycles = max_cycles
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.layout = layout = Layout(self.rules, players)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents = self.possible_agents[:]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._side = [self.rules.side_of(seat, players) for seat in range(players)]
        self._net = net_utility(layout.sides)
        self.actions = 2 * layout.tiles + 2
        self._draw, self._pass = 2 * layout.tiles, 2 * layout.tiles + 1
        high = np.full(layout.size, np.inf, dtype=np.float32)
        self.observation_spaces = {
            agent: spaces.Dict({
                "observation": spaces.Box(low=-np.inf, high=high, shape=(layout.size,), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(self.actions,), dtype=np.int8),
            }) for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(self.actions, seed=None if seed is None else seed + seat)
                              for seat, agent in enumerate(self.possible_agents)}
        self._no_moves = np.zeros(self.actions, dtype=np.int8)
        self._rng = random.Random(seed)  # reset(seed=...) reseeds it; without, resets go on from here
        self.round: Optional[Round] = None
        self.match: Optional[Match] = None

    # ------------------------------------------------------------------ the spaces
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ reset
    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        """Deal a new hand (or start a match).  ``options={"round": r}`` starts from the
        round ``r`` instead (a fresh deal of these rules and players, or one under way)."""
        if seed is not None:
            self._rng.seed(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._moves = 0
        self._rewarded = False
        given = (options or {}).get("round")
        if given is not None:
            if not isinstance(given, Round) or given.rules != self.rules or given.players != self.players:
                raise ValueError(f"options['round'] must be a Round of these rules with {self.players} players")
            if given.is_over:
                raise ValueError("options['round'] is a hand that is already over")
            self.match = None
            self._start(given.copy())
            return
        if self.target is not None:
            self.match = Match(self.rules, [_Seat() for _ in range(self.players)],
                               seed=self._rng.getrandbits(63), target=self.target)
            self._start(self.match.deal_next())
        else:
            self.match = None
            self._start(Round.deal(self.rules, self.players, seed=derive_seed(self._rng.getrandbits(63))))

    def _start(self, r: Round) -> None:
        self.round = r
        views = [r.view(seat) for seat in range(self.players)]
        if self.match is not None:
            self.tracker = Tracker(self.layout, views, self.match.scores, self.match.target)
        else:
            self.tracker = Tracker(self.layout, views)
        self._codes = r._fast_moves()
        self.agent_selection = self.possible_agents[r.turn]

    # ------------------------------------------------------------------ observing
    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat_of[agent]
        observation = self.tracker.arrays[seat].copy()
        if self.agent_selection == agent and not self.terminations[agent] and not self.truncations[agent]:
            mask = np.zeros(self.actions, dtype=np.int8)
            codes = self._codes
            if codes[-1] < 0:
                codes = codes[:]
                code = codes.pop()
                mask[self._draw if code == FAST_DRAW else self._pass] = 1
            mask[codes] = 1
        else:
            mask = self._no_moves.copy()
        return {"observation": observation, "action_mask": mask}

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def legal_actions(self) -> list[int]:
        """The legal actions of the agent to move, in the engine's order (plays, then draw or pass)."""
        return [self._draw if c == FAST_DRAW else self._pass if c == FAST_PASS else c for c in self._codes]

    # ------------------------------------------------------------------ stepping
    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        r = self.round
        assert r is not None
        seat = r._fast_turn()
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:
            self.rewards = dict.fromkeys(self.possible_agents, 0.0)
            self._rewarded = False
        code = self._code(action)
        if code not in self._codes:
            if self.illegal == "raise":
                raise ValueError(f"action {action!r} is not legal for {agent} now; the legal actions are "
                                 f"{self.legal_actions()} ({', '.join(str(m) for m in r.legal_moves())})")
            if self.illegal == "end":
                self._end_illegal(seat, action)
                return
            self.infos[agent] = {"illegal": action}
            code = self._codes[self._rng.randrange(len(self._codes))]
        elif self.infos[agent]:
            self.infos[agent] = {}
        tracker = self.tracker
        if code >= 0:
            r._fast_place(code >> 1, code & 1)
            tracker.played(seat, code >> 1, r._fast_ends(), r._fast_turn())
        elif code == FAST_DRAW:
            tracker.drew(seat, r._fast_draw())
        else:
            r._fast_pass()
            tracker.passed(seat, r._fast_turn())
        self._moves += 1
        turn = r._fast_turn()
        if turn < 0:
            self._hand_over(r)
        else:
            self._codes = r._fast_moves()
            self.agent_selection = self.possible_agents[turn]
            if self.max_cycles is not None and self._moves >= self.max_cycles * self.players:
                self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        if self.render_mode is not None and self.render_mode not in ("ansi", "rgb_array"):
            self.render()

    def _code(self, action: Any) -> Optional[int]:
        if isinstance(action, np.ndarray) and action.shape == ():
            action = action.item()
        if not isinstance(action, (int, np.integer)) or isinstance(action, bool):
            return None
        number = int(action)
        if number == self._draw:
            return FAST_DRAW
        if action == self._pass:
            return FAST_PASS
        return number

    def _hand_over(self, r: Round) -> None:
        points = r._fast_points()  # result.points, by the fast interface's memo (the engine's scoring)
        self.tracker.over()
        net = self._net(points)
        self._rewarded = True
        for seat, agent in enumerate(self.possible_agents):
            self.rewards[agent] = float(net[self._side[seat]])
        for agent in self.agents:
            self.infos[agent] = {"points": points}
        match = self.match
        if match is None:
            self.terminations = dict.fromkeys(self.agents, True)
            return
        match.record_round(r)
        for agent in self.agents:
            self.infos[agent]["scores"] = tuple(match.scores)
        if match.is_over:
            self.terminations = dict.fromkeys(self.agents, True)
            return
        self._start(match.deal_next())

    def _end_illegal(self, seat: int, action: Any) -> None:
        """An illegal action under ``illegal="end"``: the episode ends, zero-sum."""
        sides = self.layout.sides
        offender = self._side[seat]
        share = -self.illegal_reward / (sides - 1)
        self._rewarded = True
        for other, agent in enumerate(self.possible_agents):
            self.rewards[agent] = self.illegal_reward if self._side[other] == offender else share
            self.infos[agent] = {"illegal": action, "by": self.possible_agents[seat]}
        self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()

    # ------------------------------------------------------------------ rendering
    def render(self) -> Union[str, np.ndarray, None]:
        if self.render_mode is None:
            import gymnasium

            gymnasium.logger.warn("You are calling render without a render_mode.")
            return None
        r = self.round
        assert r is not None
        if self.render_mode == "ansi":
            from ..narration import narrate

            said = narrate(r.history)
            text = str(r)
            return text + ("\n" + said[-1] if said else "")
        return svg_pixels(r._repr_svg_())

    def close(self) -> None:
        pass


def svg_pixels(svg: str) -> np.ndarray:
    """An SVG picture as an (height, width, 3) array of RGB pixels on white (cairosvg)."""
    import io

    import cairosvg
    from PIL import Image

    png = cairosvg.svg2png(bytestring=svg.encode("utf-8"), background_color="white")
    with Image.open(io.BytesIO(png)) as image:
        return np.asarray(image.convert("RGB"))


def env(**kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's usual wrappers (actions checked against the
    action space, the order of calls enforced).  Arguments as :class:`raw_env`."""
    return _Wrapped(raw_env(**kwargs))


class _Wrapped(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper`` around its ``AssertOutOfBoundsWrapper``, as
    PettingZoo's classic games wrap themselves, with the calls a training loop makes each step
    (``agent_iter``, ``last``, ``step``) going straight to the environment after the same
    checks: PettingZoo's wrappers forward every attribute through ``__getattr__``, which
    cost more than the game itself (``benchmarks/env_throughput.py --profile``)."""

    def __init__(self, raw: raw_env):
        super().__init__(wrappers.AssertOutOfBoundsWrapper(raw))
        self._raw = raw

    def step(self, action: Any) -> None:
        raw = self._raw
        if not self._has_reset or not raw.agents:
            super().step(action)  # PettingZoo's error or warning
            return
        agent = raw.agent_selection
        if action is None:
            assert raw.terminations[agent] or raw.truncations[agent], "action is not in action space"
        elif action.__class__ is int:
            assert 0 <= action < raw.actions, "action is not in action space"
        else:
            assert raw.action_spaces[agent].contains(action), "action is not in action space"
        self._has_updated = True
        raw.step(action)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self._raw.last(observe)

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        if not self._has_reset:
            super().agent_iter(max_iter)  # PettingZoo's error
        return _Agents(self, max_iter)


class _Agents:
    """``agent_iter()`` of :class:`_Wrapped`: PettingZoo's order-enforcing iterator, reading
    the environment directly."""

    def __init__(self, wrapped: _Wrapped, max_iter: int):
        self.wrapped = wrapped
        self.left = max_iter

    def __iter__(self) -> _Agents:
        return self

    def __next__(self) -> str:
        wrapped = self.wrapped
        raw = wrapped._raw
        if not raw.agents or self.left <= 0:
            raise StopIteration
        self.left -= 1
        assert wrapped._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        wrapped._has_updated = False
        agent: str = raw.agent_selection
        return agent


class parallel_env(ParallelEnv, EzPickle):  # type: ignore[misc]  # PettingZoo names its classes so
    """The same game for PettingZoo's parallel API: every live agent sends an action each
    step and the seat to move's is played; the others' masks are all 0 and their actions are
    ignored.  Arguments as :class:`raw_env`; here ``max_cycles`` counts parallel steps (each
    step gives every agent a turn to act)."""

    metadata: ClassVar[dict[str, Any]] = {**raw_env.metadata, "is_parallelizable": True}

    def __init__(self, **kwargs: Any):
        EzPickle.__init__(self, **kwargs)
        cycles = kwargs.pop("max_cycles", None)
        self.aec = raw_env(**kwargs)
        self.max_cycles = cycles  # one step of the parallel API is one turn of the table
        self._steps = 0
        self.possible_agents = self.aec.possible_agents[:]
        self.agents = self.possible_agents[:]
        self.render_mode = self.aec.render_mode

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec.action_space(agent)

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
              ) -> tuple[dict[str, Any], dict[str, Any]]:
        self.aec.reset(seed=seed, options=options)
        self._steps = 0
        self.agents = self.aec.agents[:]
        return {a: self.aec.observe(a) for a in self.agents}, {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], ...]:
        aec = self.aec
        mover = aec.agent_selection
        rewards = dict.fromkeys(self.agents, 0.0)
        if mover not in actions:
            raise ValueError(f"{mover} is to move and sent no action")
        aec.step(actions[mover])
        for agent in self.agents:
            rewards[agent] = aec.rewards.get(agent, 0.0)
        self._steps += 1
        if self.max_cycles is not None and self._steps >= self.max_cycles:
            for agent in self.agents:
                aec.truncations[agent] = aec.truncations[agent] or not aec.terminations[agent]
        observations = {a: aec.observe(a) for a in self.agents}
        terminations = {a: aec.terminations[a] for a in self.agents}
        truncations = {a: aec.truncations[a] for a in self.agents}
        infos = {a: dict(aec.infos[a]) for a in self.agents}
        self.agents = [a for a in self.agents if not (terminations[a] or truncations[a])]
        return observations, rewards, terminations, truncations, infos

    def render(self) -> Union[str, np.ndarray, None]:
        return self.aec.render()

    def state(self) -> np.ndarray:
        raise NotImplementedError("Draw Dominoes has hidden tiles: each agent observes its own view")

    def close(self) -> None:
        self.aec.close()
