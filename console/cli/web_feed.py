"""One picture for every browser: the players' view read once, for all of them.

The server follows the GM's console as the terminal players' view does (four times a
second, a stat of the newest session file when nothing was saved), in one worker thread,
and keeps the picture as one message, made once per change and handed to every viewer.
The turn timer is the one part that moves without a change: each message sent carries
the seconds the turn has run at that moment, and the page counts on from there by its
own clock (a tablet's clock may be wrong; its stopwatch is not).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Protocol

from console.model.player_view import PlayerPicture
from console.model.table_settings import AMBER_SHARE

__all__ = ["PictureFeed", "PictureSource"]


class PictureSource(Protocol):
    """What the feed reads: ``service.players`` of a read-only campaign."""

    def follow(self) -> bool: ...

    def picture(self) -> PlayerPicture: ...


class PictureFeed:
    """The newest picture as a message, and a way to wait for the next one."""

    def __init__(self, source: PictureSource, *, every: float = 0.25,
                 clock: Callable[[], datetime] = lambda: datetime.now(UTC)) -> None:
        self._source = source
        self._every = every
        self._clock = clock
        self._picture: PlayerPicture | None = None
        self._trouble: str | None = None
        self._head = ""  # the message but its timer, made once per change
        self.version = 0
        self._changed = asyncio.Event()

    @property
    def ready(self) -> bool:
        return self.version > 0

    def message(self) -> str:
        """The picture for one viewer now: the message made at the last change, with the
        seconds the turn in progress has run (null: no timer to show)."""
        picture = self._picture
        seconds = None
        if picture is not None and picture.turn_since is not None:
            seconds = round(max(0.0, (self._clock() - picture.turn_since).total_seconds()), 2)
        return f'{self._head},"elapsed":{json.dumps(seconds)}}}'

    async def changed(self, seen: int) -> int:
        """Wait for a version newer than ``seen``; the version now."""
        while self.version <= seen:
            await self._changed.wait()
        return self.version

    def _publish(self) -> None:
        picture = self._picture
        body: dict[str, object] = {"type": "picture", "trouble": self._trouble,
                "picture": None if picture is None else picture.to_dict()}
        if picture is not None and picture.turn_limit is not None:
            body["amber_at"] = AMBER_SHARE * picture.turn_limit  # as TurnTimer.level
            body["red_at"] = picture.turn_limit
        self._head = json.dumps(body, ensure_ascii=False)[:-1]  # the timer is added per send
        self.version += 1
        self._changed.set()
        self._changed = asyncio.Event()

    def _read(self, first: bool) -> tuple[PlayerPicture | None, str | None]:
        """In the worker thread: the picture if the campaign changed (None: it did not),
        or what stopped the reading."""
        try:
            if self._source.follow() or first:
                return self._source.picture(), None
            return None, None
        except Exception as error:  # a read half-way through a save, a file gone: wait
            return None, f"waiting for the campaign ({str(error)[:80]})"

    async def look(self, first: bool = False) -> None:
        """One look at the campaign (in a worker thread: a read after a save parses
        files); a new message if what the players see changed."""
        picture, trouble = await asyncio.to_thread(self._read, first)
        if picture is None and trouble == self._trouble and not first:
            return
        if picture is not None and picture == self._picture and trouble == self._trouble:
            return
        if picture is not None:
            self._picture = picture
        self._trouble = trouble
        self._publish()

    async def run(self) -> None:
        """Follow the campaign until cancelled."""
        await self.look(first=True)
        while True:
            await asyncio.sleep(self._every)
            await self.look()
