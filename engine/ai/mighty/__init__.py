"""The Mighty AI players' strategies (M4–M16): the seat's information set, hand
heuristics, lean playouts, the levels' decisions by phase, and the ``simple`` policy."""
