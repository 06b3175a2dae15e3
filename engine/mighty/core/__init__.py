"""Mighty's rules core (M10–M16): cards as small integers (:mod:`engine.bits`), hands as
int bit masks, and the rules of the play held once, for the game
(:class:`engine.mighty.game.MightyGame`) and the AI's search
(:mod:`engine.ai.mighty.simulate`) alike:

- :mod:`~engine.mighty.core.masks`: the point cards, the Mighty and the joker-caller (M1,
  M10);
- :mod:`~engine.mighty.core.follow`: the cards that may lead or follow (M9, M11, M13);
- :mod:`~engine.mighty.core.winner`: the joker's power and who wins a trick (M12, M14);
- :mod:`~engine.mighty.core.trick`: the trick in progress, its winner kept as it grows;
- :mod:`~engine.mighty.core.score`: the points of the declarer's side (M15).
"""
