"""What a person sees of a table: the terminal's screen as text, and the part of it that a
widget holds (cut to the widget's place, so what is clipped or off screen is not there).

The screen is read from Textual's compositor, the same cells a terminal is sent.
"""

from __future__ import annotations

from textual.app import App
from textual.geometry import Region
from textual.strip import Strip

#: The terminal sizes every table is checked at: the classic minimum and a roomy one.
SIZES: tuple[tuple[int, int], ...] = ((80, 24), (140, 45))


def screen_strips(app: App[None]) -> list[Strip]:
    """The screen's lines of cells, as the terminal shows them now."""
    return app.screen._compositor.render_strips()


def screen_text(app: App[None]) -> str:
    """The whole screen as text, a line per row."""
    return "\n".join(strip.text for strip in screen_strips(app))


def region_of(app: App[None], selector: str) -> Region:
    """Where the widget is on the screen; fails if it is hidden or reaches past the
    screen's edges."""
    widget = app.screen.query_one(selector)
    assert widget.display, f"{selector} is hidden"
    region = widget.region
    screen = app.screen.region
    assert region.area > 0, f"{selector} has no room on a {screen.width}x{screen.height} screen"
    assert screen.contains_region(region), \
        f"{selector} at {region} reaches past the {screen.width}x{screen.height} screen"
    return region


def seen_in(app: App[None], selector: str) -> str:
    """The text of the screen inside the widget's place: what the person sees of it."""
    region = region_of(app, selector)
    strips = screen_strips(app)[region.y:region.bottom]
    return "\n".join(strip.crop(region.x, region.right).text for strip in strips)


def assert_apart(app: App[None], *selectors: str) -> None:
    """The widgets are all on screen and none overlaps another."""
    regions = [(s, region_of(app, s)) for s in selectors]
    for i, (first, a) in enumerate(regions):
        for second, b in regions[i + 1:]:
            assert not a.overlaps(b), f"{first} {a} overlaps {second} {b}"


def assert_results_shown(app: App[None]) -> str:
    """The end of the game is on screen: the results name every seat and the winners (or
    a shared win), unclipped.  Returns the results' text for further checks."""
    results = seen_in(app, "#results")
    for name in getattr(app, "seat_names", []):
        assert name in results, f"{name} is not in the results on screen"
    assert "Winner" in results or "Shared win" in results, results
    return results
