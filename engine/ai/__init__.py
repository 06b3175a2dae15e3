"""AI players: policies that choose an action from what their seat may see
(:mod:`engine.ai.policy`), found by game and level in :mod:`engine.ai.decide`; the
levels of both games in one table (:mod:`engine.ai.levels`), each game's strategies in
its package (:mod:`engine.ai.kachuful`, :mod:`engine.ai.mighty`)."""
