"""Super Farmer's texts about the game itself: its title, summary, quick start and the help of
its options, marked for the catalogue and worded where shown (``RULES.narrator.text``)."""

from __future__ import annotations

from words import domain

_, ngettext, N_ = domain("farm").functions()

TITLE = N_("Super Farmer")

#: the quick start of docs/rules/farm.md (kept equal by a test)
QUICK_START = N_(
    "`/farm new`, friends click **Join**, the host clicks **Start** (2-6 players). "
    "**Goal:** be first to own a rabbit, a sheep, a pig, a cow and a horse, one of each "
    "at least. **Your turn:** at most one trade (a ready trade from the menu, or an offer"
    " to a player), then **Roll the dice**. Each animal shown breeds: you gain half of "
    "(what you own + what the dice show), rounded down. A **fox** eats your rabbits, a "
    "**wolf** your rabbits, sheep, pigs and cows, unless a small dog (fox) or a big dog "
    "(wolf) gives itself up instead. The picture shows the last move (the dice, what was "
    "eaten and bred, with +/- marks) and every pen; the menu puts the most useful trade "
    "first. Trade rates: 6 rabbits = 1 sheep, 2 sheep = 1 pig, 3 pigs = 1 cow, 2 cows = 1"
    " horse, 1 sheep = 1 small dog, 1 cow = 1 big dog; any mix of equal worth is allowed."
)

SUMMARY = N_(
    "Breed a farm: the first to own a rabbit, a sheep, a pig, a cow and a horse wins. "
    "Each turn you may make one trade (with the stock, or offer one to a player, who "
    "accepts or declines; you may withdraw it meanwhile), then you must roll the fox die "
    "and the wolf die. For each animal shown you gain half of (what "
    "you own + what the dice show), rounded down. A fox eats your rabbits unless a small "
    "dog gives itself up; a wolf eats rabbits, sheep, pigs and cows unless a big dog does. "
    "Worth in rabbits: sheep 6, pig 12, cow 36, horse 72, small dog 6, big dog 36."
)

STRICT_TRADES_HELP = N_("one side of every trade must be a single animal (the published game)")
START_WITH_RABBIT_HELP = N_(
    "every pen starts with one rabbit from the stock (later board editions)"
)

#: the standing order a player may give: its label, then exactly when it plays
ROLL_ORDER = N_("Roll for me when I can't trade")
ROLL_ORDER_HELP = N_(
    "On your turn, when no trade with the stock and no offer to a player is possible (the roll "
    "is your only move), the bot rolls for you at once and the board says so."
)
