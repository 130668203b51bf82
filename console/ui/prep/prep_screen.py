"""The prep screen (issue 29, ``P``): adventures, their scenes and encounters, written and
balanced before the table.

On the left the outline (adventure, its scenes, each scene's encounters); on the right what
the cursor is on: an adventure with each encounter's forecast in a line and its mix of
Table 18's rows beside the book's as a chart, a scene, or an encounter with its boxed text,
GM notes (key words highlighted), foes and forecast with its what-ifs.

Forecasts run in a worker thread (the rules only: the matchups are read on the main thread
first) with a progress bar under the outline; the screen stays in hand meanwhile, and a new
forecast or leaving the screen stops the one running. A forecast is kept until what it was
worked out from changes (the encounter's foes, their templates, the party's sheets): then
it says so, and ``f`` works it out again.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import ProgressBar

from console.model.adventures import Adventure
from console.model.outcome import Outcome
from console.rules.forecast import RUNS, Forecast, Mix, forecast, mix, runs_for
from console.service import ActionRefused, CampaignService
from console.service.forecast import ForecastCommands, Prepared
from console.ui.prep.flows import PrepFlows, Selection, WhatIfChange
from console.ui.prep.outline import Outline
from console.ui.prep.views import (
    EncounterForecast,
    adventure_view,
    encounter_view,
    scene_view,
    wounded,
)
from console.ui.safety import Guarded, on
from console.ui.screens.breakpoints import SizedAtOnce
from console.ui.widgets.keys_footer import KeysFooter
from console.ui.widgets.plain import Static
from console.ui.widgets.row_list import RowList

__all__ = ["PrepScreen"]


Key = tuple[int, int]  # (adventure id, encounter id)
Apply = Callable[[], None]  # what a finished forecast does, on the main thread


class _Stopped(Exception):
    """The forecast running was stopped (another began, or the GM left the screen)."""


class PrepScreen(Guarded, SizedAtOnce, Screen[None]):
    NAME: ClassVar[str] = "prep"  # installed under this name: built once, kept
    CSS_PATH = Path(__file__).with_name("prep.tcss")
    HELP: ClassVar[str] = """\
## Adventure preparation

What the Rule Book's chapter "Adventure Preparation" lays out: an adventure's background
and scenes, each scene's encounters with a map number, a name, boxed text (what the
characters learn on arriving) and GM notes (mark key words `**like this**`: they show
highlighted, as the book's highlighter), and each encounter's foes: roster templates with
a count, each copy possibly hidden when the fight begins (an ambush).

- `a` a new adventure, `s` a new scene in it, `n` a new encounter in the scene; `e` or
  `enter` edits what the cursor is on; `delete` deletes it (`ctrl+z` brings it back);
  `shift+up` / `shift+down` move a scene or an encounter.
- `p` the encounter's foes as stat lines, typed or pasted the way adventures print them:
  `4 x Skrak: Atk 15, Def 8, Dmg 20, AR 4, Vit 12, Nish 9, tags alien hive, hidden 4`. Each
  line makes or updates its template; a bad line comes back with its field and why, the
  others are saved.
- `f` on an encounter: its forecast against the party as its sheets stand now, with one foe
  fewer and one more; on the adventure (or a scene): every encounter's, and the
  adventure's mix, each encounter one vote spread by its forecast, beside the book's
  Table 18 as a chart. `w` asks a what-if (a foe's count or values) and forecasts it at
  once, nothing saved, beside the mix too; `k` keeps it.
- `tab` goes into the details (arrows scroll them), `tab` again back to the outline.
- `t` the table is at this scene: `E` on the main screen offers its encounters; launching
  one adds the party and the foes (the hidden ones hidden), shows you the boxed text and
  the notes (`G`), and marks it played. `U` shows the boxed text on the players' view.

An adventure is also a Markdown file: `gm-console adventure import CAMPAIGN FILE.md`,
`export`, `list` and `forecast` (README).
"""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "new_adventure", "Adventure", tooltip="Prep: a new adventure",
                id="prep.adventure"),
        Binding("s", "new_scene", "Scene", tooltip="Prep: a new scene in this adventure",
                id="prep.scene"),
        Binding("n", "new_encounter", "Encounter",
                tooltip="Prep: a new encounter in this scene", id="prep.encounter"),
        Binding("e", "edit", "Edit", tooltip="Prep: edit what the cursor is on",
                id="prep.edit"),
        Binding("p", "foes", "Foes", tooltip="Prep: the encounter's foes as stat lines "
                                             "(type or paste them)", id="prep.foes"),
        Binding("f", "forecast", "Forecast",
                tooltip="Prep: forecast the encounter, or the adventure's mix of Table 18",
                id="prep.forecast"),
        Binding("w", "what_if", "What if",
                tooltip="Prep: what if a foe's count or values changed (nothing saved)",
                id="prep.what_if"),
        Binding("k", "keep", "Keep what-if", tooltip="Prep: keep the encounter's what-if",
                id="prep.keep", show=False),
        Binding("t", "table_here", "Table here",
                tooltip="Prep: the table is at this scene (E offers its encounters)",
                id="prep.table"),
        Binding("delete", "delete", "Delete", tooltip="Prep: delete what the cursor is on",
                id="prep.delete", show=False),
        Binding("shift+up", "move(-1)", "Move up", tooltip="Prep: move it up",
                id="prep.move_up", show=False),
        Binding("shift+down", "move(1)", "Move down", tooltip="Prep: move it down",
                id="prep.move_down", show=False),
        Binding("escape", "back", "Back", tooltip="Prep: back to the table", id="prep.back"),
    ]

    RUNS = RUNS  # each encounter's forecast (fewer for a big fight: rules.forecast.runs_for)
    SHOW_SECONDS = True  # how long a forecast took, beside it (off for still pictures)
    SIDE_RUNS = 5_000  # each of "-1 foe" and "+1 foe", for the full RUNS
    SEED = 0

    def __init__(self, service: CampaignService) -> None:
        super().__init__()
        self.service = service
        self.flows = PrepFlows(self, service)
        # Forecasts kept while what they were worked out from stands (the matchup):
        self._now: dict[Key, tuple[Prepared, Forecast]] = {}
        self._sides: dict[Key, tuple[Prepared, EncounterForecast]] = {}
        # (the encounter as it is, the what-if, the what-if as forecast, its forecast)
        self._custom: dict[Key, tuple[Prepared, WhatIfChange, Prepared, Forecast]] = {}
        self._job = 0  # the forecast running's number: an older one's progress stops it
        self._shown_once = False
        self.seconds: float | None = None  # how long the last forecast took (benchmarks)
        self._label = ""

    def compose(self) -> ComposeResult:
        yield Static("", id="prep-head")
        with Horizontal(id="prep-body"):
            with Vertical(id="prep-left"):
                yield Outline(id="outline")
                yield Static("", id="progress-label")
                yield ProgressBar(total=1.0, show_eta=False, id="progress")
            with VerticalScroll(id="prep-detail"):
                yield Static("", id="prep-text")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#outline").border_title = "Adventures"
        self.query_one("#prep-detail").border_title = "Details"
        self.query_one("#progress").display = False
        self.redraw()
        self.set_focus(self.query_one("#outline"))

    def on_screen_resume(self) -> None:
        # Opened again (the screen is kept, see MainScreen.action_prep): the campaign may
        # have moved on since, while it was not open to hear it (campaign_changed).
        if self.is_mounted and self._shown_once:
            self.redraw()
        self._shown_once = True

    # ----- showing ------------------------------------------------------------------------

    @property
    def outline(self) -> Outline:
        return self.query_one("#outline", Outline)

    @property
    def selection(self) -> Selection | None:
        return self.outline.selected

    def select(self, selection: Selection) -> None:
        """The cursor onto ``selection`` (something just made), if it is there."""
        self.outline.select(selection)

    def campaign_changed(self, outcome: Outcome | None) -> None:
        """Anything its flows (or undo, redo) changed: the outline and the details drawn
        again (a forecast kept stands while what it was worked out from stands)."""
        if self.is_mounted:
            self.redraw()

    def redraw(self) -> None:
        """Re-read the adventures and draw what the cursor is on."""
        adventures = self.service.prep.all()
        self.outline.show(adventures)
        at = self.service.prep.at_table()
        head = "Adventure preparation"
        head += f" · the table is at {at[0].title}: {at[1].name}" if at else \
            " · t marks the scene the table is at"
        self.query_one("#prep-head", Static).update(head)
        self._draw()

    @on(RowList.Highlighted)
    def _moved(self, event: RowList.Highlighted) -> None:
        self._draw()

    @on(RowList.Chosen)
    def _chosen(self, event: RowList.Chosen) -> None:
        self.flows.edit(self.selection)

    def _draw(self) -> None:
        detail = self.query_one("#prep-text", Static)
        width = max(40, self.query_one("#prep-detail").size.width - 2)
        selection = self.selection
        if selection is None:
            detail.update(Text("No adventures yet. a writes one here; an adventure written in "
                               "Markdown comes in with gm-console adventure import "
                               "CAMPAIGN FILE.md.", style="dim"))
            return
        kind, adventure_id, item = selection
        adventure = self.service.adventures().get(adventure_id)
        if adventure is None:
            return
        roster = self.service.npcs()
        if kind == "adventure":
            detail.update(self._adventure_detail(adventure, width))
        elif kind == "scene":
            scene = adventure.scene(item)
            if scene is not None:
                detail.update(scene_view(adventure, scene, roster))
        else:
            found = adventure.find(item)
            if found is not None:
                detail.update(encounter_view(adventure, found[0], found[1], roster,
                                             self._encounter_forecast((adventure_id, item)),
                                             width))

    def _current(self, key: Key) -> Prepared:
        return self.service.forecast.prepared(*key)

    def _encounter_forecast(self, key: Key) -> EncounterForecast | None:
        kept = self._sides.get(key)
        if kept is None:
            return None
        current = self._current(key)
        if current.matchup != kept[0].matchup:
            return None  # the encounter, its foes or the party changed since
        found = kept[1]
        custom = self._custom.get(key)
        if custom is not None and custom[0].matchup == current.matchup:
            return EncounterForecast(found.matchup_of, found.what_if, custom[3], custom[1][2])
        return found

    def _adventure_detail(self, adventure: Adventure, width: int) -> RenderableType:
        prepared = self.service.forecast.adventure_matchups(adventure.id)
        lines: list[tuple[str, Forecast | None, str]] = []
        found: list[Forecast] = []
        with_what_if: list[Forecast] = []
        stale = False
        any_kept = False
        for item in prepared:
            key = (item.adventure, item.encounter)
            kept = self._now.get(key)
            if item.matchup is None:
                lines.append((item.name, None, item.why_not))
                continue
            if kept is None or kept[0].matchup != item.matchup:
                stale = stale or kept is not None
                lines.append((item.name, None, "f forecasts it"))
                continue
            any_kept = True
            lines.append((item.name, kept[1], ""))
            found.append(kept[1])
            custom = self._custom.get(key)
            with_what_if.append(custom[3] if custom is not None
                                and custom[0].matchup == item.matchup else kept[1])
        complete = bool(found) and len(found) == sum(1 for p in prepared if p.matchup)
        the_mix: Mix | None = mix(found) if complete else None
        what_if = mix(with_what_if) if complete and with_what_if != found else None
        standing = next((item.matchup for item in prepared if item.matchup), None)
        return adventure_view(adventure, lines if any_kept or stale else [], the_mix, what_if,
                              width, stale or (any_kept and not complete), wounded(standing))

    # ----- forecasts ----------------------------------------------------------------------

    def forget_forecasts(self) -> None:
        """Drop every forecast kept: the next ``f`` fights them all again."""
        self._now.clear()
        self._sides.clear()
        self._custom.clear()

    def _start(self, label: str, compute: Callable[[Callable[[float], None]], Apply]) -> None:
        """Run ``compute(progress)`` in a worker thread; what it gives back is run here once
        it is done (unless another forecast began meanwhile)."""
        self._job += 1
        self._label = label
        self.query_one("#progress-label", Static).update(label)
        bar = self.query_one("#progress", ProgressBar)
        bar.update(progress=0)
        bar.display = True
        self._worker(self._job, compute)

    @work(thread=True, exclusive=True, group="prep-forecast")
    def _worker(self, job: int, compute: Callable[[Callable[[float], None]], Apply]) -> None:
        import time

        started = time.perf_counter()

        def progress(share: float) -> None:
            if job != self._job:
                raise _Stopped
            self.app.call_from_thread(self._progress, job, share)

        try:
            apply = compute(progress)
        except _Stopped:
            return
        except ActionRefused as refusal:
            self.app.call_from_thread(self._refused, job, str(refusal))
            return
        self.app.call_from_thread(self._done, job, apply, time.perf_counter() - started)

    def _progress(self, job: int, share: float) -> None:
        if job == self._job:
            self.query_one("#progress", ProgressBar).update(progress=share)

    def _done(self, job: int, apply: Apply, seconds: float) -> None:
        if job != self._job:
            return
        apply()
        self.seconds = seconds
        self.query_one("#progress", ProgressBar).display = False
        took = f": {seconds:.1f} s" if self.SHOW_SECONDS else ""
        self.query_one("#progress-label", Static).update(f"{self._label}{took}")
        self._draw()

    def _refused(self, job: int, message: str) -> None:
        if job == self._job:
            self.query_one("#progress", ProgressBar).display = False
            self.query_one("#progress-label", Static).update(Text(message, style="red"))
            self.app.notify(message, severity="error")

    def action_forecast(self) -> None:
        selection = self.selection
        if selection is None:
            self.flows.decline("nothing to forecast: a writes an adventure")
            return
        kind, adventure_id, item = selection
        if kind == "encounter":
            self._forecast_encounter((adventure_id, item))
        else:
            self._forecast_adventure(adventure_id)

    def _forecast_adventure(self, adventure_id: int) -> None:
        prepared = self.service.forecast.adventure_matchups(adventure_id)
        todo = [p for p in prepared if p.matchup is not None
                and ((kept := self._now.get((p.adventure, p.encounter))) is None
                     or kept[0].matchup != p.matchup)]
        if not any(p.matchup for p in prepared):
            reasons = "; ".join(f"{p.name}: {p.why_not}" for p in prepared)[:300]
            self.flows.decline(f"no encounter to forecast ({reasons or 'no encounters'})")
            return
        if not todo:
            self._draw()
            self.app.notify("every encounter's forecast is up to date", timeout=3)
            return
        runs, seed = self.RUNS, self.SEED
        fights = sum(runs_for(p.matchup, runs) for p in todo if p.matchup)
        label = (f"Forecasting {len(todo)} encounter{'s' * (len(todo) != 1)}: "
                 f"{fights:,} fights")

        def compute(progress: Callable[[float], None]) -> Apply:
            result = ForecastCommands.adventure(todo, runs, seed, progress)

            def apply() -> None:
                for item, found in result.forecasts:
                    if found is not None:
                        self._now[(item.adventure, item.encounter)] = (item, found)

            return apply

        self._start(label, compute)

    def _forecast_encounter(self, key: Key) -> None:
        item = self._current(key)
        if item.matchup is None:
            self.flows.decline(f"{item.name}: {item.why_not}")
            return
        matchup = item.matchup
        runs = runs_for(matchup, self.RUNS)
        side_runs = max(1, runs * self.SIDE_RUNS // self.RUNS)

        def compute(progress: Callable[[float], None]) -> Apply:
            found = ForecastCommands.what_if(matchup, runs, self.SEED, side_runs, progress)

            def apply() -> None:
                self._sides[key] = (item, EncounterForecast(item, found))
                self._now[key] = (item, found.now)

            return apply

        self._start(f"Forecasting {item.name}: {runs + 2 * side_runs:,} fights", compute)

    def action_what_if(self) -> None:
        selection = self.selection
        if selection is None or selection[0] != "encounter":
            self.flows.decline("put the cursor on an encounter: w asks what if one of its "
                               "foes changed")
            return
        key = (selection[1], selection[2])

        async def steps() -> None:
            change = await self.flows.ask_what_if(selection)
            if change is not None:
                self._run_what_if(key, change)

        self.flows.run(steps(), writes=False)  # worked out, not kept: k keeps it

    def _run_what_if(self, key: Key, change: WhatIfChange) -> None:
        base = self._current(key)
        changed, templates, label, _foe, _template = change
        item = self.service.forecast.prepared(*key, encounter=changed, templates=templates)
        if item.matchup is None or base.matchup is None:
            self.flows.decline(f"{item.name}: {item.why_not or base.why_not}")
            return
        matchup = item.matchup
        runs = runs_for(matchup, self.RUNS)
        need_sides = self._encounter_forecast(key) is None
        base_matchup = base.matchup
        side_runs = max(1, runs * self.SIDE_RUNS // self.RUNS)

        def compute(progress: Callable[[float], None]) -> Apply:
            sides = None
            if need_sides:  # the encounter as it is, for the what-if to stand beside
                sides = ForecastCommands.what_if(base_matchup, runs, self.SEED, side_runs,
                                                 lambda share: progress(share / 2))
            done = 0.5 if need_sides else 0.0
            custom = forecast(matchup, runs, self.SEED,
                              lambda count: progress(done + (1 - done) * count / runs))

            def apply() -> None:
                if sides is not None:
                    self._sides[key] = (base, EncounterForecast(base, sides))
                    self._now[key] = (base, sides.now)
                self._custom[key] = (base, change, item, custom)

            return apply

        fights = runs + (runs + 2 * side_runs if need_sides else 0)  # with now, -1, +1
        self._start(f"What if: {label}: {fights:,} fights", compute)

    def action_keep(self) -> None:
        selection = self.selection
        key = None if selection is None or selection[0] != "encounter" else (
            selection[1], selection[2])
        kept = None if key is None else self._custom.pop(key, None)
        self.flows.keep_what_if(selection, None if kept is None else kept[1])
        if key is not None and kept is not None:
            # Kept, the what-if is the encounter: its forecast is this one's "now" (the
            # adventure's mix is up to date at once; -1/+1 wait for f).
            current = self._current(key)
            if current.matchup is not None and current.matchup == kept[2].matchup:
                self._now[key] = (current, kept[3])
            self._draw()

    # ----- writing ------------------------------------------------------------------------

    def action_new_adventure(self) -> None:
        self.flows.new_adventure()

    def action_new_scene(self) -> None:
        self.flows.new_scene(self.selection)

    def action_new_encounter(self) -> None:
        self.flows.new_encounter(self.selection)

    def action_edit(self) -> None:
        self.flows.edit(self.selection)

    def action_foes(self) -> None:
        self.flows.foes(self.selection)

    def action_delete(self) -> None:
        self.flows.delete(self.selection)

    def action_move(self, delta: int) -> None:
        selection = self.selection
        self.flows.move(selection, delta)
        if selection is not None:
            self.outline.select(selection)

    def action_table_here(self) -> None:
        self.flows.table_here(self.selection)

    def action_back(self) -> None:
        self._job += 1  # a forecast still running stops at its next look
        self.app.pop_screen()
