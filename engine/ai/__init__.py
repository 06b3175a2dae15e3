"""AI players: policies that choose an action from what their seat may see."""

from engine.ai.policy import Policy, RandomPolicy, policy_for

__all__ = ["Policy", "RandomPolicy", "policy_for"]
