"""Hand scores (K10, KV5, KV7)."""

from __future__ import annotations

from engine.kachuful.config import Scoring


def hand_score(scoring: Scoring, bid: int, tricks: int, blind: bool) -> int:
    """The score of one seat for one hand.

    classic (K10): exact scores 10 + bid, a miss 0; penalty (KV5): a miss scores
    −|tricks − bid|; per_trick (KV5): 1 per trick, +10 if exact; judgement (KV5): +10
    if exact, −10 on a miss. An exact blind bid doubles the score; a missed one is not
    doubled (KV7).
    """
    exact = bid == tricks
    if scoring == "classic":
        score = 10 + bid if exact else 0
    elif scoring == "penalty":
        score = 10 + bid if exact else -abs(tricks - bid)
    elif scoring == "per_trick":
        score = tricks + 10 if exact else tricks
    else:
        score = 10 if exact else -10
    return score * 2 if exact and blind else score
