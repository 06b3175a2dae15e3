"""AI players: policies that choose an action from what their seat may see
(:mod:`engine.ai.policy`), found by game and level in :mod:`engine.ai.decide`."""
