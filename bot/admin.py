"""``python -m bot invite`` and ``python -m bot check``: the admin's tools for going live.

- ``invite`` prints the link that adds the bot to a server: the application's client id (from
  ``APPLICATION_ID``, else read from the token), the ``bot`` and ``applications.commands``
  scopes, and the permissions integer of exactly what the bot checks before a match
  (``bot.channels.missing_permissions``), so nothing more is asked for than is used.
- ``check`` logs in, lists the servers the bot is in and, per server, the channels where it
  lacks any of those permissions (and which), then exits: what to fix before players find it.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import binascii
import sys
from collections.abc import Callable
from urllib.parse import urlencode

import discord

from bot.channels import missing_permissions
from bot.config import ConfigError, Settings, load_settings

AUTHORIZE = "https://discord.com/oauth2/authorize"
SCOPES = ("bot", "applications.commands")
#: the places a match can be played, as ``missing_permissions`` tells them apart
PLACES = ({"in_thread": False}, {"in_thread": True}, {"in_thread": False, "new_thread": True})


def needed_permissions() -> discord.Permissions:
    """Every permission ``missing_permissions`` asks for anywhere a match can be played,
    found by taking each one away from a full set: the invite asks for these and no more."""
    needed = discord.Permissions.none()
    for flag in discord.Permissions.VALID_FLAGS:
        without = discord.Permissions.all()
        setattr(without, flag, False)
        if any(missing_permissions(without, **place) for place in PLACES):
            setattr(needed, flag, True)
    return needed


def client_id_of(token: str) -> int:
    """The bot's user id, which a bot token starts with (base64 of the id); the application
    id of every bot made since 2019."""
    head = token.split(".", 1)[0]
    try:
        text = base64.urlsafe_b64decode(head + "=" * (-len(head) % 4)).decode("ascii")
        return int(text)
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise ConfigError(
            "Cannot read the application id from DISCORD_TOKEN; set APPLICATION_ID "
            "(developer portal → General Information → Application ID)."
        ) from None


def invite_url(client_id: int) -> str:
    query = {
        "client_id": str(client_id),
        "scope": " ".join(SCOPES),
        "permissions": str(needed_permissions().value),
    }
    return f"{AUTHORIZE}?{urlencode(query)}"


def user_install_url(client_id: int) -> str:
    """The link that installs the application to a person's own account (a user install:
    its commands in their DMs, group DMs and servers without the bot)."""
    query = {"client_id": str(client_id), "integration_type": "1", "scope": "applications.commands"}
    return f"{AUTHORIZE}?{urlencode(query)}"


def permission_names() -> list[str]:
    """The needed permissions as Discord's settings name them (as the bot says them)."""
    names: list[str] = []
    for flag in discord.Permissions.VALID_FLAGS:
        without = discord.Permissions.all()
        setattr(without, flag, False)
        for place in PLACES:
            names += [n for n in missing_permissions(without, **place) if n not in names]
    return names


async def report(settings: Settings, out: Callable[[str], object] = print) -> int:
    """Log in, say per server where the bot lacks what a match needs; 0 if nowhere, 1 if
    somewhere (2: could not log in)."""
    from bot.__main__ import point_at_api

    point_at_api(settings)
    client = discord.Client(intents=discord.Intents(guilds=True))
    lacking = 0

    @client.event
    async def on_ready() -> None:
        nonlocal lacking
        try:
            lacking = _report_guilds(client, out)
        finally:
            await client.close()

    assert settings.token is not None
    try:
        await client.start(settings.token)
    except discord.LoginFailure:
        out("Discord refused the token in DISCORD_TOKEN.")
        return 2
    return 1 if lacking else 0


def _report_guilds(client: discord.Client, out: Callable[[str], object]) -> int:
    guilds = sorted(client.guilds, key=lambda g: g.name.lower())
    out(f"Logged in as {client.user}; in {len(guilds)} server(s).")
    lacking = 0
    for guild in guilds:
        me = guild.me
        problems = []
        for channel in sorted(guild.text_channels, key=lambda c: c.position):
            perms = channel.permissions_for(me)
            if not perms.view_channel:
                continue
            missing = missing_permissions(perms, in_thread=False, new_thread=True)
            if missing:
                problems.append(f"  #{channel.name}: missing {', '.join(missing)}")
        if problems:
            lacking += len(problems)
            out(
                f"{guild.name} ({guild.id}): matches cannot be played in {len(problems)} "
                "channel(s):"
            )
            for line in problems:
                out(line)
        else:
            out(f"{guild.name} ({guild.id}): every channel the bot sees is fine.")
    return lacking


#: what each tool's --help says
ABOUT = {
    "invite": "Print the link that adds the bot to a server, with exactly the permissions it uses.",
    "check": "Log in, list the servers and, per server, the channels where the bot lacks "
    "what a match needs; then exit.",
}


def main(argv: list[str] | None = None, *, tool: str = "invite") -> int:
    parser = argparse.ArgumentParser(prog=f"python -m bot {tool}", description=ABOUT[tool])
    parser.parse_args(argv)
    try:
        settings = load_settings()
    except ConfigError as err:
        print(f"Configuration error: {err}", file=sys.stderr)
        return 2
    if tool == "invite":
        return _invite(settings)
    if not settings.token:
        print("Put DISCORD_TOKEN in .env first (see .env.example).", file=sys.stderr)
        return 2
    return asyncio.run(report(settings))


def _invite(settings: Settings) -> int:
    try:
        if settings.application_id is not None:
            client_id = settings.application_id
        elif settings.token:
            client_id = client_id_of(settings.token)
        else:
            raise ConfigError("Set DISCORD_TOKEN or APPLICATION_ID in .env first.")
    except ConfigError as err:
        print(f"Configuration error: {err}", file=sys.stderr)
        return 2
    print(invite_url(client_id))
    perms = needed_permissions()
    print(f"Permissions ({perms.value}): {', '.join(permission_names())}.")
    print(f"To play anywhere (user install, once enabled): {user_install_url(client_id)}")
    return 0


def check_main(argv: list[str] | None = None) -> int:
    return main(argv, tool="check")
