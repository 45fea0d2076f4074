"""The test suite.

Compiled modules are kept (in ``__pycache__``, Python's default) for a test run even where
``PYTHONDONTWRITEBYTECODE`` is set, and so for the processes it starts: otherwise every
parallel worker, every bot process a test starts and every bot start (discord.py loads the
cogs afresh each time) compiles the sources again. Imported first, before any conftest."""

import os
import sys

sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
