"""Slash-command options are checked against their declared ranges, lengths and choices.

Discord's client only sends values within a command's declared bounds, but discord.py passes
whatever arrives straight to the command: a tampered client could pause a match for a million
hours or save a negative reminder time. Every command's options are checked here first, from
the same declarations that were synced; a value outside them is refused privately and the
command does not run.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence

import discord
from discord import app_commands
from discord.enums import AppCommandOptionType as Kind

from words import domain

log = logging.getLogger(__name__)
_, ngettext, N_ = domain("bot").functions()

REFUSED = N_("That command's options are not valid; use the choices and limits Discord shows.")
_TYPES: dict[Kind, tuple[type, ...]] = {
    Kind.string: (str,),
    Kind.integer: (int,),
    Kind.number: (int, float),
    Kind.boolean: (bool,),
}


#: options that name something Discord resolves, and where the interaction carries it
_RESOLVED: dict[Kind, tuple[str, ...]] = {
    Kind.user: ("users",),
    Kind.channel: ("channels",),
    Kind.role: ("roles",),
    Kind.mentionable: ("users", "roles"),
    Kind.attachment: ("attachments",),
}


def problem(
    params: Mapping[str, app_commands.Parameter],
    options: Sequence[Mapping[str, object]],
    resolved: Mapping[str, object] | None = None,
) -> str | None:
    """What is wrong with these option values for these parameters (None: nothing).
    ``resolved``: the interaction's resolved users, channels, roles and attachments (a user,
    channel, role or attachment option must name one of them)."""
    for option in options:
        name, value = option.get("name"), option.get("value")
        param = params.get(name) if isinstance(name, str) else None
        if param is None:
            return f"unknown option {name!r}"
        types = _TYPES.get(param.type)
        if types is None:
            kinds = _RESOLVED.get(param.type, ())
            known = resolved or {}
            if kinds and not any(_names(known.get(k), str(value)) for k in kinds):
                return f"{name}: not a {param.type.name} Discord resolved"
            continue
        if not isinstance(value, types) or (
            param.type is not Kind.boolean and isinstance(value, bool)
        ):
            return f"{name}: wrong type"
        if isinstance(value, bool):
            continue
        if isinstance(value, str):
            size: float = len(value)
        elif isinstance(value, int | float):
            size = value
        else:
            return f"{name}: wrong type"
        if param.min_value is not None and size < param.min_value:
            return f"{name}: below {param.min_value}"
        if param.max_value is not None and size > param.max_value:
            return f"{name}: above {param.max_value}"
        if param.choices and value not in [c.value for c in param.choices]:
            return f"{name}: not one of the choices"
    return None


async def options_checked(interaction: discord.Interaction[discord.Client]) -> bool:
    """The command tree's global check: False (after a private refusal) stops the command."""
    if interaction.type is not discord.InteractionType.application_command:
        return True  # autocomplete carries half-typed values on purpose
    data: Mapping[str, object] = interaction.data if isinstance(interaction.data, Mapping) else {}
    if data.get("type", 1) != 1:
        return True  # context menus have no options
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return True  # discord.py answers unknown commands through the tree's error handler
    resolved = data.get("resolved")
    params = {p.display_name: p for p in command.parameters}
    wrong = problem(params, leaf_options(data), resolved if isinstance(resolved, Mapping) else {})
    if wrong is None:
        return True
    log.info("refused /%s: %s", command.qualified_name, wrong)
    await interaction.response.send_message(_(REFUSED), ephemeral=True)
    return False


def leaf_options(data: Mapping[str, object]) -> list[Mapping[str, object]]:
    """The options of the command that runs: inside its subcommand group and subcommand."""
    options = data.get("options")
    while isinstance(options, list) and len(options) == 1 and isinstance(options[0], Mapping):
        if options[0].get("type") not in (Kind.subcommand.value, Kind.subcommand_group.value):
            break
        options = options[0].get("options")
    if not isinstance(options, list):
        return []
    return [o for o in options if isinstance(o, Mapping)]


def _names(found: object, key: str) -> bool:
    """Whether Discord resolved ``key`` among ``found`` (one kind of the ``resolved`` map)."""
    return isinstance(found, Mapping) and key in found
