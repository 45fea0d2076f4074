"""What the render workers are forked from: importing this module builds every cache a worker
needs (``bot.drawing.warm``: the renderers' fonts, palettes and static layers, the computer
players' tables) and freezes the heap; the byte-budget caches (``render.cache``) start
empty in each worker.

The worker pool's fork server imports it once (``WorkerPool(template=...)``), then forks each
worker from that warmed process: the pages warm-up filled are shared between the workers, copy
on write, instead of each worker building and holding its own copy. The heap is frozen
(``gc.freeze``) so the garbage collector of a worker never writes to those objects and
unshares their pages. A process has one fork server: the first pool with a template starts
it, and every pool of that process with a template forks from it.
"""

from __future__ import annotations

import os

from bot import heap
from bot.drawing import warm
from render import cache

#: the process that imported this module and warmed up: the workers' fork server
PID = os.getpid()
warm()
# what warm-up left in the byte-budget caches (texts, rows) would soon be evicted by each
# worker, and the freed pages stay held here: each worker builds its own as it draws
cache.clear_all()
heap.give_back()
