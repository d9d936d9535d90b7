"""The window's parts know the Workbench and the shell, never the window:
no module of ``viewer/ui`` but the one that builds the application imports
``main_window``, and the import graph of ``viewer/ui`` has no circle,
counting imports inside functions and under ``TYPE_CHECKING`` (read from
the sources, without importing them)."""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "viewer" / "ui"


def _name(path: Path) -> str:
    parts = list(path.relative_to(UI.parents[1]).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_name(p): p for p in UI.rglob("*.py")}


def imports_of(name: str) -> set[str]:
    """Every module of ``viewer.ui`` that module ``name`` imports, anywhere in it."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] \
                if node.level else []
            target = ".".join(base + ([node.module] if node.module else []))
            subs = {f"{target}.{a.name}" for a in node.names} & set(MODULES)
            out.update(subs or {target})
    return {m for m in out if m in MODULES and m != name}


def test_only_the_application_imports_the_main_window():
    importers = sorted(n for n in MODULES if "viewer.ui.main_window" in imports_of(n))
    assert importers == ["viewer.ui.app"]


def test_the_ui_has_no_import_circle():
    graph = {n: imports_of(n) for n in MODULES}
    done: set[str] = set()
    circles = []

    def visit(n: str, path: list[str]) -> None:
        for m in sorted(graph[n]):
            if m in path:
                circles.append(path[path.index(m):] + [m])
            elif m not in done:
                visit(m, path + [m])
        done.add(n)

    for n in sorted(graph):
        if n not in done:
            visit(n, [n])
    assert not circles, "; ".join(" -> ".join(c) for c in circles)


def test_the_check_sees_a_circle_under_type_checking(tmp_path, monkeypatch):
    # the check itself: two modules importing each other, one only for types
    a, b = tmp_path / "a.py", tmp_path / "b.py"
    a.write_text("from . import b\n")
    b.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import x\n")
    monkeypatch.setitem(MODULES, "viewer.ui.a", a)
    monkeypatch.setitem(MODULES, "viewer.ui.b", b)
    assert imports_of("viewer.ui.a") == {"viewer.ui.b"}
    assert imports_of("viewer.ui.b") == {"viewer.ui.a"}


def test_the_window_is_a_shell(window):
    from viewer.ui.shell import Shell

    assert isinstance(window, Shell)
    assert window.widget is window and window.param_panel.params == window.generator.params
