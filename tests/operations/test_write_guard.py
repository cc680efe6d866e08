"""The one door, checked: no module of the app outside `operations/` (and the
migrations) writes through the ORM, the commands and the template tags included, nor
does any module of the benches (a package beside the app); and a page never writes
while it renders.

Two layers. This module reads the app's source (an AST scan: every call that would
write, whatever path the tests take); conftest.py watches the statements the suite
actually runs (`write_guard`: a write into one of the app's tables must come from an
operation or from a test's own fixtures). The tests below also prove that the watch
fails when it should."""

from __future__ import annotations

import ast
import os
import textwrap
import threading
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib.auth.models import Group
from django.db import connections, transaction
from django.template import Context, Template

import benches
import tournament
from conftest import WriteOutsideOperations
from tournament.models import Player

APP = Path(tournament.__file__).resolve().parent
# The benches build their seasons through the operations too.
BENCHES = Path(benches.__file__).resolve().parent
# Where writes belong, and the schema's own history (data migrations write rows).
OUTSIDE_THE_SCAN = ("operations", "migrations")

# The ORM's writes, synchronous and asynchronous, on a row, a manager or a QuerySet
# (and a ModelForm's or a formset's save, which saves rows).
WRITES = {
    "save",
    "create",
    "get_or_create",
    "update_or_create",
    "update",
    "delete",
    "bulk_create",
    "bulk_update",
}
WRITES |= {f"a{name}" for name in WRITES}
# A related manager's writes (`user.groups.add(...)`): recognised by the accessor's name.
RELATED_WRITES = {"add", "remove", "set", "clear", "aadd", "aremove", "aset", "aclear"}
# The admin's hooks that write: handed on to Django's own (`super().save_model(...)`),
# they save the form's rows past the operations.
ADMIN_WRITES = {"save_model", "delete_model", "save_related", "save_formset", "delete_queryset"}

# Values that are never rows nor QuerySets: containers and what they are made with.
CONTAINERS = {"dict", "set", "frozenset", "list", "Counter", "defaultdict", "OrderedDict"}
CONTAINER_DISPLAYS = (ast.Dict, ast.Set, ast.List, ast.DictComp, ast.SetComp, ast.ListComp)
# The packages of the ORM's rows and QuerySets: an object made by anything else (an
# openpyxl workbook, a hashlib digest, a zip archive) is not the ORM's.
ORM_PACKAGES = {"django", "tournament", "benches"}


@dataclass(frozen=True)
class Write:
    path: str
    line: int
    call: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.call}"


@cache
def related_accessors() -> frozenset[str]:
    """Every model's related managers by name (`matches`, `groups`, ...): a call of
    `add`/`remove`/`set`/`clear` on one of these is a write of the join rows."""
    names = set()
    for model in apps.get_models():
        for field in model._meta.get_fields(include_hidden=False):
            if field.many_to_many or field.one_to_many:
                names.add(field.get_accessor_name() if field.auto_created else field.name)
    return frozenset(names)


def _scopes(tree: ast.Module) -> dict[ast.AST, list[ast.AST]]:
    """Each call's enclosing function scopes, innermost first, then the module (a class
    body's names are not seen from its methods, so classes are left out)."""
    found: dict[ast.AST, list[ast.AST]] = {}

    def visit(node: ast.AST, chain: list[ast.AST]) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                visit(child, [child, *chain])
            else:
                if isinstance(child, ast.Call):
                    found[child] = chain
                visit(child, chain)

    visit(tree, [tree])
    return found


def _own_nodes(scope: ast.AST):
    """The nodes of a scope that are not inside a nested function."""
    todo = list(ast.iter_child_nodes(scope))
    while todo:
        node = todo.pop()
        yield node
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            todo.extend(ast.iter_child_nodes(node))
    if isinstance(scope, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
        arguments = scope.args
        yield from [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]


@cache
def _bindings(scope: ast.AST) -> dict[str, list[tuple[str, ast.AST | None]]]:
    """name -> how the scope binds it: ("value", expression), ("type", annotation),
    ("import", a module's dotted name) or ("unknown", None) (a loop, a `with`, a
    parameter without annotation...)."""
    bound: dict[str, list[tuple[str, ast.AST | None]]] = {}

    def bind(target: ast.AST, how: tuple[str, ast.AST | str | None]) -> None:
        if isinstance(target, ast.Name):
            bound.setdefault(target.id, []).append(how)
        elif isinstance(target, ast.Tuple | ast.List | ast.Starred):
            for element in ast.iter_child_nodes(target):
                bind(element, ("unknown", None))

    for node in _own_nodes(scope):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                bind(target, ("value", node.value))
        elif isinstance(node, ast.AnnAssign):
            bind(node.target, ("type", node.annotation))
        elif isinstance(node, ast.arg):
            bound.setdefault(node.arg, []).append(
                ("type", node.annotation) if node.annotation else ("unknown", None)
            )
        elif isinstance(node, ast.Import):
            for alias in node.names:
                name = alias.asname or alias.name.partition(".")[0]
                bound.setdefault(name, []).append(("import", alias.name))
        elif isinstance(node, ast.ImportFrom):
            module = "." * node.level + (node.module or "")
            for alias in node.names:
                bound.setdefault(alias.asname or alias.name, []).append(("import", module))
        elif isinstance(node, ast.For | ast.AsyncFor | ast.comprehension):
            bind(node.target, ("unknown", None))
        elif isinstance(node, ast.withitem) and node.optional_vars is not None:
            bind(node.optional_vars, ("unknown", None))
        elif isinstance(node, ast.NamedExpr):
            bind(node.target, ("value", node.value))
    return bound


def _binding_of(name: str, scopes: list[ast.AST]):
    for scope in scopes:
        bound = _bindings(scope).get(name)
        if bound:
            return bound
    return None


def _root_name(expression: ast.AST) -> str | None:
    while isinstance(expression, ast.Attribute):
        expression = expression.value
    return expression.id if isinstance(expression, ast.Name) else None


def _made_outside_the_orm(call: ast.Call, scopes: list[ast.AST]) -> bool:
    """A container (`dict(...)`, `Counter()`), or an object made by a package that is
    neither Django nor the app (openpyxl's `Workbook()`, `hashlib.sha256()`)."""
    if isinstance(call.func, ast.Name) and call.func.id in CONTAINERS:
        return True
    root = _root_name(call.func)
    bound = _binding_of(root, scopes) if root else None
    return bool(bound) and all(
        how == "import"
        and not str(module).startswith(".")
        and str(module).partition(".")[0] not in ORM_PACKAGES
        for how, module in bound
    )


def _plain(expression: ast.AST, scopes: list[ast.AST], seen: frozenset = frozenset()) -> bool:
    """Whether an expression is proven not to be a row, a manager nor a QuerySet."""
    if isinstance(expression, CONTAINER_DISPLAYS):
        return True
    if isinstance(expression, ast.Call):
        return _made_outside_the_orm(expression, scopes)
    if isinstance(expression, ast.Name) and expression.id not in seen:
        bound = _binding_of(expression.id, scopes)
        seen |= {expression.id}  # `a = b` and `b = a` prove nothing
        return bool(bound) and all(_plain_binding(how, what, scopes, seen) for how, what in bound)
    return False


def _plain_binding(how: str, what, scopes: list[ast.AST], seen: frozenset) -> bool:
    if how == "value":
        return _plain(what, scopes, seen)
    if how == "type":
        root = what.value if isinstance(what, ast.Subscript) else what
        return isinstance(root, ast.Name) and root.id in CONTAINERS
    return False


def _enclosing_function(scopes: list[ast.AST]) -> str | None:
    scope = scopes[0]
    return scope.name if isinstance(scope, ast.FunctionDef | ast.AsyncFunctionDef) else None


def _is_super(expression: ast.AST) -> bool:
    return (
        isinstance(expression, ast.Call)
        and isinstance(expression.func, ast.Name)
        and expression.func.id == "super"
    )


def _writes(call: ast.Call, scopes: list[ast.AST]) -> bool:
    if not isinstance(call.func, ast.Attribute):
        return False
    name, receiver = call.func.attr, call.func.value
    if name in ADMIN_WRITES:
        return _is_super(receiver)
    if name in RELATED_WRITES:
        return isinstance(receiver, ast.Attribute) and receiver.attr in related_accessors()
    if name not in WRITES:
        return False
    if _is_super(receiver) and _enclosing_function(scopes) == name:
        # A model's own save() extending Django's: whoever calls it is what counts.
        return False
    if name in {"update", "aupdate"} and (call.args or isinstance(receiver, ast.Subscript)):
        # A QuerySet's update() takes keywords only, and a QuerySet cannot be updated
        # once sliced (indexed, it is a row, which has no update()): a dict's, a set's
        # or a digest's update() is not the ORM's.
        return False
    return not _plain(receiver, scopes)


def writes_in(source: str, path: str) -> list[Write]:
    """The ORM writes a module's source makes."""
    tree = ast.parse(source, path)
    return [
        Write(path, call.lineno, ast.unparse(call.func))
        for call, scopes in _scopes(tree).items()
        if _writes(call, scopes)
    ]


def scanned_modules() -> list[Path]:
    return sorted(
        path for path in APP.rglob("*.py") if path.relative_to(APP).parts[0] not in OUTSIDE_THE_SCAN
    ) + sorted(BENCHES.rglob("*.py"))


def _named(path: Path) -> str:
    """A scanned module's path from the repository's root: `tournament/...`, `benches/...`."""
    return str(path.relative_to(APP.parent))


def test_no_module_outside_the_operations_writes():
    """Every module of the app but the operations and the migrations: the views, the
    forms, the admin, the queries, the exports and imports, the commands and the
    benches, the template tags, the models' own methods."""
    found = [
        write
        for path in scanned_modules()
        for write in writes_in(path.read_text(encoding="utf-8"), _named(path))
    ]
    assert not found, "ORM writes outside tournament/operations/:\n" + "\n".join(map(str, found))


def test_the_scan_reads_the_benches_commands_and_template_tags():
    """Not a scan of nothing: the places the issue named are read, the operations not."""
    scanned = {_named(path) for path in scanned_modules()}
    assert {
        "benches/ratings_bench.py",
        "benches/management/commands/bench.py",
        "tournament/management/commands/load_demo.py",
        "tournament/templatetags/links.py",
        "tournament/views/public/tournament.py",
        "tournament/web/live.py",
        "tournament/models/players.py",
    } <= scanned
    assert not any(
        path.startswith(("tournament/operations/", "tournament/migrations/")) for path in scanned
    )


FLAGGED = {
    "a manager's create": "Player.objects.create(name='Anna')",
    "a QuerySet's update": "Match.objects.filter(pk=1).update(status='live')",
    "a QuerySet's delete": "Match.objects.filter(pk=1).delete()",
    "bulk create": "Match.objects.bulk_create(rows, batch_size=1000)",
    "bulk update": "Player.objects.bulk_update(players, ['rating'])",
    "get or create": "Player.objects.get_or_create(name='Anna')",
    "update or create": "Player.objects.update_or_create(name='Anna')",
    "a row's save": "player = Player(name='Anna')\nplayer.save()",
    "a ModelForm's save": "form = PlayerForm(data)\nif form.is_valid():\n    form.save()",
    "an async save": "async def view(player):\n    await player.asave()",
    "a QuerySet kept in a name": "matches = Match.objects.live()\nmatches.update(status='x')",
    "a parameter of unknown type": "def close(matches):\n    matches.update(status='x')",
    "a name bound twice": "found = {}\nfound = Match.objects.all()\nfound.update(version=2)",
    "names bound to each other": "a = b\nb = a\na.save()",
    "a related manager": "user.groups.add(group)",
    "a reverse relation": "tournament.matches.clear()",
    "the admin's own save": (
        "class A(ModelAdmin):\n    def save_model(self, request, obj, form, change):\n"
        "        super().save_model(request, obj, form, change)"
    ),
    "a save handed on from elsewhere": (
        "class F(ModelForm):\n    def clean(self):\n        super().save()"
    ),
}

NOT_WRITES = {
    "a dict": "context = {'a': 1}\ncontext.update(b=2)",
    "a dict comprehension's item": (
        "brackets = {k: {} for k in kinds}\nbrackets['main'].update(fee=1)"
    ),
    "a Counter": "from collections import Counter\ncounts = Counter()\ncounts.update(a=1)",
    "a set, by a positional update": "found.members.update(p for p in players)",
    "a digest": "import hashlib\ndigest = hashlib.sha256()\ndigest.update(b'x')",
    "a workbook": "from openpyxl import Workbook\nbook = Workbook()\nbook.save(path)",
    "an annotated dict": "def f(amounts: dict[str, int]):\n    amounts.update(a=1)",
    "a model's own save": (
        "class Player(Model):\n    def save(self, *args, **kwargs):\n"
        "        super().save(*args, **kwargs)"
    ),
    "a set's add": "self.seen.add(name)\nnames.add(name)",
    "a sheet made by a workbook": "book.create_sheet('Socis')",
}


@pytest.mark.parametrize("source", FLAGGED.values(), ids=FLAGGED.keys())
def test_the_scan_finds_each_kind_of_write(source):
    assert len(writes_in(source, "views/probe.py")) == 1


@pytest.mark.parametrize("source", NOT_WRITES.values(), ids=NOT_WRITES.keys())
def test_the_scan_knows_what_is_not_the_orm(source):
    assert writes_in(source, "views/probe.py") == []


# --- The watch (conftest.WriteGuard), proved to fail: functions compiled as if they were
# modules of the app (the guard knows a frame by its file), writing for real.


def _as_if_in(folder: str, source: str) -> dict:
    """The functions of `source`, as though they were written in tournament/<folder>/."""
    path = os.path.join(os.path.dirname(tournament.__file__), folder, "guard_probe.py")
    namespace = {"Player": Player, "Group": Group, "Template": Template, "Context": Context}
    exec(compile(textwrap.dedent(source), path, "exec"), namespace)  # noqa: S102
    return namespace


PROBE = """
def make(name):
    player = Player(name=name)
    player.save()  # the model's own save() runs between: it excuses nothing
    return player


def make_quietly(name):
    try:
        make(name)
    except Exception:
        pass  # as careless code would: the test fails all the same


def make_group(name):
    return Group.objects.create(name=name)


def render_making(name):
    return Template("{{ make }}").render(Context({"make": lambda: make(name)}))
"""


def test_the_watch_refuses_a_view_that_writes(db, write_guard):
    make = _as_if_in("views", PROBE)["make"]
    pattern = r"views/guard_probe\.py:4 \(make\)"
    with pytest.raises(WriteOutsideOperations, match=pattern), transaction.atomic():
        make("Anna Bosch")
    assert len(write_guard.take()) == 1
    assert not Player.objects.filter(name="Anna Bosch").exists()


def test_the_watch_fails_the_test_even_when_the_error_is_swallowed(db, write_guard):
    """A view's broad `except`, or a live server's thread, hides the error: what the
    guard recorded fails the test in its teardown (conftest's _one_door)."""
    _as_if_in("templatetags", PROBE)["make_quietly"]("Anna Bosch")
    assert write_guard.take() == [
        f"{os.path.dirname(tournament.__file__)}/templatetags/guard_probe.py:4 (make) "
        "writes tournament_player outside the operations"
    ]


@pytest.mark.parametrize("folder", ["management", "forms", "admin", "queries", "core"])
def test_the_watch_refuses_every_module_of_the_app(db, write_guard, folder):
    with pytest.raises(WriteOutsideOperations):
        _as_if_in(folder, PROBE)["make"]("Anna Bosch")
    assert len(write_guard.take()) == 1


def test_the_watch_lets_the_operations_and_the_tests_write(db, write_guard):
    _as_if_in("operations", PROBE)["make"]("Anna Bosch")
    Player.objects.create(name="Xavier Roca")  # a test's own fixture
    assert write_guard.take() == []
    assert Player.objects.count() == 2


def test_the_watch_leaves_djangos_own_tables_alone(db, write_guard):
    """Users, groups, sessions: not the club's tables (logging in writes them)."""
    _as_if_in("views", PROBE)["make_group"]("Arbiters")
    assert write_guard.take() == []


def test_the_watch_refuses_an_operation_while_a_page_renders(db, write_guard):
    """The links' old way: a template tag making a row through an operation."""
    render = _as_if_in("operations", PROBE)["render_making"]
    with pytest.raises(WriteOutsideOperations, match="while a template renders"):
        render("Anna Bosch")
    assert len(write_guard.take()) == 1


def test_the_watch_is_on_the_connections_other_threads_open(db, write_guard):
    """A live server answers in threads of its own, each with its own connection."""
    watched = []

    def open_one():
        try:
            connections["default"].ensure_connection()
            watched.append(write_guard in connections["default"].execute_wrappers)
        finally:
            connections["default"].close()

    thread = threading.Thread(target=open_one)
    thread.start()
    thread.join()
    assert watched == [True]
