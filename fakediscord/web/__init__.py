"""The sandbox page: a browser view of the emulator that looks and works like a Discord channel.

``ChannelPage(fake, guild)`` serves one server of a ``FakeDiscord`` on 127.0.0.1: channels,
messages with embeds, pictures and working components, ephemerals for the person acting, a
command box with autocomplete, and a switcher to act as any member. ``Sandbox`` builds a small
world around it for local play.
"""

from .page import ChannelPage
from .sandbox import DEFAULT_PORT, Sandbox

__all__ = ["DEFAULT_PORT", "ChannelPage", "Sandbox"]
