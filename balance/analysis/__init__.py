"""Analysis of played games: the paired sequential test (``sprt``), the
regression check (``compare``) and the cost search (``tune``)."""
