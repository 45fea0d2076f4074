"""Cattle Baron's fixed texts, marked for the catalogue and worded where shown
(``RULES.narrator.text(...)``): the title, the summary, the quick start and the options' help.
"""

from __future__ import annotations

from words import domain

_, ngettext, N_ = domain("cattle").functions()

TITLE = N_("Cattle Baron")

#: the quick start of docs/rules/cattle.md (kept equal by a test)
QUICK_START = N_(
    "`/cattle new`, friends press **Join**, the host presses **Start** (2-8 players). "
    "Goal: the biggest haul when the herd is empty (the sum of the faces in your stock "
    "and Swiss stock). Each round every stud is rolled; players act once each, lowest "
    "roll first (equal rolls: the newer Discord account first). Your roll decides your "
    "one move: 1-2 take cows of your brand (your stud's colour), 3 shout THREE! and "
    "rustle a whole stock or swiss a colour safe, 4 switch your stud, 5 raid any cow, 6 "
    "pasture your stud into stock for a new one. Press a button or pick from a menu (the "
    "most useful choices come first); `/cattle move raid red 6` types it. A roll that "
    "allows nothing passes by itself, saying why. Every die shows its letter and face, "
    "e.g. **R6** = red 6."
)

SUMMARY = N_(
    "Every die is a cow in the herd. Each round everyone rolls their stud and acts once, "
    "lowest roll first; on equal rolls the younger player (the newer Discord account) goes "
    "first. 1: take a cow of your brand (your stud's colour). 2: take one or two of your "
    "brand. 3: shout THREE! to warn the table, then rustle (swap your whole stock with "
    "another player's) or swiss (lock every cow of one colour in your stock away for ever). "
    "4: switch your stud with a cow in your stock or the herd. 5: raid any cow from the "
    "herd. 6: pasture your stud into stock for a new one from the herd. You may always "
    "pass; a roll that allows nothing passes by itself. When the herd is empty the game "
    "ends; the highest total of faces in stock and Swiss stock wins."
)

HELP_COLOURS = N_(
    "colours in play: 0 = auto, twice the players (4-8); or 2-8, at least one per player"
)
HELP_DICE_PER_COLOUR = N_("dice of each colour in the herd")
HELP_TIES = N_(
    "on equal rolls who acts first: younger (the newer Discord account) or seat (seat order)"
)
