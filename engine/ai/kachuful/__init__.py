"""The Kachuful AI players' strategies (K7–K10): the seat's information set, bid
estimates, lean playouts, the levels' bids and plays, and the ``simple`` policy."""
