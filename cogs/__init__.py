"""One thin command group per game, plus the cross-game ``/game`` group."""
