"""Draw Dominoes as a PettingZoo environment, for learning players (``pip install "dominolab[env]"``).

.. code-block:: python

    import random

    from dominolab.env import env

    game = env(rules="standard", players=2)
    game.reset(seed=0)
    rng = random.Random(0)
    for agent in game.agent_iter():
        observation, reward, termination, truncation, info = game.last()
        if termination or truncation:
            action = None  # a finished agent steps with None, as PettingZoo asks
        else:
            legal = observation["action_mask"].nonzero()[0]
            action = int(rng.choice(legal))
        game.step(action)

:mod:`dominolab.env.aec` documents the actions, observations and rewards;
:mod:`dominolab.env.observation` the observation's blocks; :mod:`dominolab.env.linear` the
linear player lesson 8 trains and its shipped weights.  The engine itself does not import
this package: it needs numpy, Gymnasium and PettingZoo.
"""

from __future__ import annotations

from .aec import action_of, env, move_of, parallel_env, raw_env
from .observation import Layout, Tracker, observation_of

__all__ = ["Layout", "Tracker", "action_of", "env", "move_of", "observation_of", "parallel_env", "raw_env"]
