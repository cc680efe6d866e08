"""The pages import one way: no circle of imports among the modules of `views/`, those
made inside a function included (grimp, import-linter's graph, sees them too).

The director's desk (`views/director/tournament.py`) imports each section's part of it
(`rounds`, `registration`, `entry_sweep`, `lives`); each section's views, which answer a
refusal with the desk, are in `<section>_actions` and import the desk. The player's door
(`player_door`) imports the player's page, which reads the door's cards from
`queries/player_door.py`. A circle would make either side's change the other's, and
which module loads first a matter of luck."""

from __future__ import annotations

import grimp
import pytest

VIEWS = "tournament.views"


def circles(imports: dict[str, set[str]]) -> list[list[str]]:
    """The circles of a graph (module -> the modules it imports): its strongly connected
    parts of more than one module, or a module importing itself (Tarjan's)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        order[module] = low[module] = len(order)
        stack.append(module)
        for other in sorted(imports.get(module, ())):
            if other not in order:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], order[other])
        if low[module] == order[module]:
            part = []
            while True:
                other = stack.pop()
                part.append(other)
                if other == module:
                    break
            if len(part) > 1 or module in imports.get(module, ()):
                found.append(sorted(part))

    for module in sorted(imports):
        if module not in order:
            visit(module)
    return found


@pytest.fixture(scope="module")
def views_imports() -> dict[str, set[str]]:
    graph = grimp.build_graph("tournament")
    views = {m for m in graph.modules if m == VIEWS or m.startswith(VIEWS + ".")}
    return {m: graph.find_modules_directly_imported_by(m) & views for m in views}


def test_no_circle_among_the_views(views_imports):
    assert len(views_imports) > 40  # the graph is the views', not an empty one
    assert circles(views_imports) == []


def test_the_desk_and_the_door_import_one_way(views_imports):
    """The two circles there were, named: the sections' actions import the desk, the
    desk imports the sections' parts, and the door imports the page."""
    director = VIEWS + ".director."
    desk = director + "tournament"
    for section in ("rounds", "registration", "entry_sweep", "lives"):
        assert director + section in views_imports[desk]
        assert desk not in views_imports[director + section]
        assert desk in views_imports[director + section + "_actions"]
    door, page = VIEWS + ".public.player_door", VIEWS + ".public.player_page"
    assert page in views_imports[door]
    assert door not in views_imports[page]


def test_a_circle_is_found():
    """The check finds circles of two, of five, and a module importing itself."""
    desk = {"desk": {"rounds", "lives", "fees"}, "rounds": {"desk"}, "lives": {"forms"}}
    assert circles(desk) == [["desk", "rounds"]]
    ring = {f"m{i}": {f"m{(i + 1) % 5}"} for i in range(5)}
    assert circles(ring) == [sorted(ring)]
    assert circles({"alone": {"alone"}}) == [["alone"]]
    assert circles({"a": {"b"}, "b": {"c"}}) == []
