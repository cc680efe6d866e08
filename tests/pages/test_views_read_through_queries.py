"""The views read through named queries (`tournament/queries/`): a module of
`tournament/views/` builds no QuerySet of its own. An AST scan of their source: every
`.objects` and every call of a method that builds or runs a query (`filter`, `exclude`,
`annotate`, `aggregate`, `values`, `values_list`, `select_related`, `prefetch_related`,
`order_by`, `raw`) is refused, but for

- the arguments of `get_object_or_404(...)`: a view keeps its lookup of the object the
  address names (and the joins it reads it with), and its 404;
- a lookup by primary key alone, `Model.objects.get(pk=...)`;
- `.values()` with no arguments, which is a dict's (`form.errors.values()`); a QuerySet's
  `values` and `values_list` name their fields.

No view needs more; an allowance, if one ever must stay, is a named exception here with
its reason.

A read a page needs is a function in `queries/`, named for what it reads, where its
query count is one place to read."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import tournament

VIEWS = Path(tournament.__file__).resolve().parent / "views"
QUERY_METHODS = {
    "filter",
    "exclude",
    "annotate",
    "aggregate",
    "values",
    "values_list",
    "select_related",
    "prefetch_related",
    "order_by",
    "raw",
}


@dataclass(frozen=True)
class Read:
    module: str
    function: str
    line: int
    call: str

    def __str__(self) -> str:
        return f"views/{self.module}:{self.line} in {self.function}: {self.call}"


def _is_lookup_call(node: ast.Call) -> bool:
    func = node.func
    return isinstance(func, ast.Name) and func.id == "get_object_or_404"


def _is_pk_get(node: ast.Call) -> bool:
    """`Model.objects.get(pk=...)`: a lookup by primary key alone."""
    func = node.func
    return (
        isinstance(func, ast.Attribute)
        and func.attr == "get"
        and isinstance(func.value, ast.Attribute)
        and func.value.attr == "objects"
        and not node.args
        and [keyword.arg for keyword in node.keywords] == ["pk"]
    )


def reads_in(source: str, module: str) -> list[Read]:
    """The queries a module's source builds outside the allowed places."""
    found: list[Read] = []

    def visit(node: ast.AST, function: str) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            function = node.name
        if isinstance(node, ast.Call) and (_is_lookup_call(node) or _is_pk_get(node)):
            return  # nothing inside a lookup is counted
        if isinstance(node, ast.Attribute) and node.attr == "objects":
            found.append(Read(module, function, node.lineno, ".objects"))
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in QUERY_METHODS
            and not (node.func.attr == "values" and not node.args and not node.keywords)
        ):
            found.append(Read(module, function, node.lineno, f".{node.func.attr}("))
        for child in ast.iter_child_nodes(node):
            visit(child, function)

    visit(ast.parse(source), "<module>")
    return found


def test_views_build_no_queries():
    modules = sorted(VIEWS.rglob("*.py"))
    assert len(modules) > 40  # the scan reads the views, not an empty folder
    found = [
        read
        for path in modules
        for read in reads_in(path.read_text(), path.relative_to(VIEWS).as_posix())
    ]
    assert not found, "Read through a function in tournament/queries/:\n" + "\n".join(
        map(str, found)
    )


def test_the_scan_finds_what_it_should():
    source = """
from django.shortcuts import get_object_or_404

def page(request, pk):
    tournament = get_object_or_404(Tournament.objects.public().select_related("season"), pk=pk)
    fresh = Player.objects.get(pk=pk)
    errors = " ".join(form.errors.values())
    rows = tournament.matches.filter(round=1).order_by("position")
    names = dict(tournament.teams.values_list("pk", "name"))
    found = Player.objects.active()
    by_name = Player.objects.get(name="Ann")
    return Match.objects.raw("select 1")
"""
    found = [(read.line, read.call) for read in reads_in(source, "example.py")]
    assert found == [
        (8, ".order_by("),
        (8, ".filter("),
        (9, ".values_list("),
        (10, ".objects"),
        (11, ".objects"),
        (12, ".raw("),
        (12, ".objects"),
    ]
