"""Horseplay Rustling's fixed texts: its title, summary, quick start and option help, marked
for the catalogue (``N_``) and worded where shown (``RULES.narrator.text(...)``)."""

from __future__ import annotations

from words import domain

_, ngettext, N_ = domain("horseplay").functions()

TITLE = N_("Horseplay Rustling")

#: the quick start of docs/rules/horseplay.md (kept equal by a test)
QUICK_START = N_(
    "- `/horseplay new` (2-4 players). On your turn choose a piece under the board (those "
    "that can capture first), then where it goes: only you see those buttons, each move "
    "with a note on what it risks.\n"
    "- Men step one square diagonally forward on the blue squares; at the far edge they "
    "are crowned and may then step any diagonal way.\n"
    "- Jump an enemy piece to take it; keep jumping while you can. Skip a capture you had"
    " and one of your capturing pieces is **huffed** (lost): the move's note warns you "
    "first.\n"
    "- End a move on an enemy's corner **Stable** and that whole colour is taken. Keep "
    "yours shut: a warning sign marks what an enemy can take next turn.\n"
    "- Win by being the last colour (or team) on the board. Points only break a stalled "
    "game (50 rounds without a capture), so they are shown small."
)

SUMMARY = N_(
    "Draughts for two to four on the blue squares of a 9x9 or 11x11 board. Men move one "
    "square diagonally forward and are crowned on the far edge; crowns move along any "
    "diagonal. Jump an enemy piece to take it and keep jumping while you can. Skip a "
    "capture and the piece that could have taken is huffed (-10, or -25 for a crown). End "
    "a move on an enemy's corner Stable and every piece of that colour is taken: guard your "
    "own. The last colour (or team) on the board wins. Points (+10 a man, +25 a crown) "
    "only decide a game that stalls for 50 rounds without a capture."
)

# Option help -------------------------------------------------------------------------------

SIZE_HELP = N_("board size: 9 (9x9) or 11 (11x11)")
TEAMS_HELP = N_("four players as two teams: Green and Blue v Red and Black")
FORCED_CAPTURE_HELP = N_("captures are compulsory and nobody is huffed (default: huffing)")
FLYING_CROWNS_HELP = N_(
    "crowns move and capture any distance along a diagonal, as in international draughts"
)
CENTRE_WIN_HELP = N_("the first crown to end a move on the centre Stable wins outright")
MISS_A_TURN_HELP = N_("on 11x11, d4, d8, h4 and h8 are Miss a Turn squares")
