"""Tournaments on the turn clock: sign-ups, rounds paired by ``bot.league``, each table's match
in its own thread, standings after every round, all stored (``bot.store.tournaments``) and
advanced by the turn clock's tick, idempotently, in any number of processes."""

from bot.tournaments.record import Tournament
from bot.tournaments.runner import Tournaments

__all__ = ["Tournament", "Tournaments"]
