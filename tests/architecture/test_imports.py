"""House rules of the code (issues 9 and 29): no import cycles between
modules, and no import from a lower layer to a higher one: ``engine`` <-
``declaration`` <- ``render`` / ``formats`` <- ``ui`` / ``cli`` <-
``generators``; the engine never imports Qt.  Read from the sources (ast),
so a lazy import inside a function counts too, and so does a
``"module:attr"`` string naming one of the package's modules (a declared
part, a registry line): naming a module by path is depending on it."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "viewer"

# what each layer may import from the package (besides itself)
ALLOWED = {
    "engine": set(),
    "declaration": {"engine"},
    "render": {"engine", "declaration", "registry"},
    "formats": {"engine", "declaration", "registry", "render"},
    "sweep": {"engine", "declaration", "registry", "formats"},
    "workbench": {"engine", "declaration", "registry", "render", "formats", "sweep"},
    "ui": {"engine", "declaration", "registry", "render", "formats", "sweep", "workbench"},
    "cli": {"engine", "declaration", "registry", "render", "formats", "sweep", "workbench",
            "ui"},
}
# the declarations of the built-in generators, where each one's parts meet
ALLOWED["generators"] = set(ALLOWED) | {"registry"}
# the registry imports nothing of the package; its lines name the
# declarations (by path) and the layers below consult it at run time
ALLOWED["registry"] = {"generators"}
# viewer.jit_cache (numba's cache folder, the compile line) is a leaf but for
# the registry, where it reads a generator's compile estimate
ALLOWED["jit_cache"] = {"registry"}
# viewer.runtime (everything that changes the process: applied by the entry
# points; the priority of the window's workers, which every layer starts) is
# a leaf but for numba's cache folder (jit_cache), which it sets
ALLOWED["runtime"] = {"jit_cache"}
for _allowed in ALLOWED.values():
    _allowed.update(("jit_cache", "runtime"))
QT = ("PySide6", "pyqtgraph", "shiboken6")


def _module_name(path: Path) -> str:
    rel = path.relative_to(ROOT.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _layer(module: str) -> str:
    parts = module.split(".")
    if len(parts) == 1:
        return "cli"                      # viewer/__init__, __main__
    top = parts[1]
    if top.startswith("cli") or top == "__main__":
        return "cli"
    return top


MODULES: dict[str, Path] = {}


def _imports(path: Path, module: str) -> list[tuple[str, bool]]:
    """(imported module, at module level and not under TYPE_CHECKING) for
    every import of the module: at its top, inside functions and under
    TYPE_CHECKING alike."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out: list[tuple[str, bool]] = []

    def visit(node: ast.AST, top: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                visit(child, False)
                continue
            if isinstance(child, ast.Import):
                out.extend((a.name, top) for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")
                    base = base[: len(base) - child.level + 1]
                    target = ".".join(base + ([child.module] if child.module else []))
                else:
                    target = child.module or ""
                subs = [f"{target}.{a.name}" for a in child.names]
                if all(m in MODULES for m in subs):   # "from . import settings"
                    out.extend((m, top) for m in subs)
                else:
                    out.append((target, top))
            inner = top and not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                   ast.Lambda))
            visit(child, inner)

    visit(tree, True)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            for found in NAMED_BY_PATH.findall(node.value):
                out.append((_package_module(next(filter(None, found))), False))
    return out


# "viewer.x.y:attr" (a declared part, a registry line), or a string that is
# a module's dotted name and nothing else (import_module's, "-m"'s argument);
# prose in a docstring is not a dependency
NAMED_BY_PATH = re.compile(r"(?<![\w.])(viewer(?:\.\w+)+):\w|^(viewer(?:\.\w+)+)$")


def _package_module(dotted: str) -> str:
    """The longest prefix of ``dotted`` that is one of the package's modules
    (``viewer.render.tgp.RENDERER`` names ``viewer.render.tgp``)."""
    parts = dotted.split(".")
    for n in range(len(parts), 0, -1):
        if ".".join(parts[:n]) in MODULES:
            return ".".join(parts[:n])
    return dotted



MODULES.update({_module_name(p): p for p in ROOT.rglob("*.py")})


def _graph() -> dict[str, set[str]]:
    """Every module's imports of the package's modules, wherever they are
    written (a lazy import in a function or one for the type checker only
    is a dependency all the same).  The registry's lines are left out: the
    registry is the one lookup the lower layers consult at run time, its
    lines the wiring above them all (the layer test checks that they name
    the declarations only)."""
    graph: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        graph[name] = {target for target, _top in _imports(path, name)
                       if target in MODULES and target != name
                       and not (name == "viewer.registry" and _layer(target) == "generators")}
    return graph


def test_no_import_cycles_of_any_kind():
    graph = _graph()
    state: dict[str, int] = {}
    stack: list[str] = []
    cycles = []

    def dfs(n: str) -> None:
        state[n] = 1
        stack.append(n)
        for m in sorted(graph[n]):
            if state.get(m) == 1:
                cycles.append(stack[stack.index(m):] + [m])
            elif m not in state:
                dfs(m)
        stack.pop()
        state[n] = 2

    for n in sorted(graph):
        if n not in state:
            dfs(n)
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c) for c in cycles)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_import_from_a_higher_layer(module):
    layer = _layer(module)
    allowed = ALLOWED.get(layer, set(ALLOWED)) | {layer}
    bad = []
    for target, _top in _imports(MODULES[module], module):
        if target in MODULES and target != "viewer":
            if _layer(target) not in allowed:
                bad.append(target)
        if layer in ("engine", "render", "formats", "sweep", "registry", "workbench") \
                and target.split(".")[0] in QT:
            bad.append(target)
    assert not bad, f"{module} ({layer}) imports {sorted(set(bad))}"


BUILT_IN = ("fairland", "tgp", "numberlink", "ports")


def test_each_generator_is_declared_once_above_the_engines():
    """The registry names one Declaration per built-in generator, in
    ``viewer/generators/<name>.py``, whose engine is in the generator's own
    engine package; no engine repeats what its declaration says."""
    from viewer import registry

    for name in BUILT_IN:
        decl = registry.declaration(name)
        assert decl.name == name
        assert type(decl).__module__ == "viewer.declaration"
        assert sys.modules[f"viewer.generators.{name}"].DECLARATION is decl
        assert type(decl.engine).__module__.startswith(f"viewer.engine.{name}."), name
        assert not hasattr(decl.engine, "title"), f"{name}'s engine repeats its title"
    assert not [m for m in MODULES if m.startswith("viewer.engine.")
                and m.endswith(".declaration")], "a declaration is left in viewer/engine"


def test_strings_that_name_modules_are_read_as_imports(tmp_path):
    """The layer test sees a module named by path, as a declared part or a
    registry line names it."""
    assert ("viewer.generators.fairland", False) in _imports(ROOT / "registry.py",
                                                             "viewer.registry")
    fake = tmp_path / "named_by_path.py"
    fake.write_text('PART = "viewer.ui.views.base:GeneratorView"\n'
                    'RUN = ["python", "-m", "viewer.cli"]\n'
                    '"""Prose naming viewer.render.picture is no dependency."""\n',
                    encoding="utf-8")
    found = {t for t, _ in _imports(fake, "viewer.engine.fake")}
    assert {"viewer.ui.views.base", "viewer.cli"} <= found
    assert "viewer.render.picture" not in found


def test_a_name_is_registered_once_unless_replacing_is_asked_for():
    from viewer import registry

    decl = registry.declaration("fairland")
    with pytest.raises(ValueError, match="registered already"):
        registry.register(decl)
    with pytest.raises(ValueError, match="registered already"):
        registry.register("viewer.generators.tgp:DECLARATION", "tgp")
    assert registry.register(decl, replace=True) is decl
    assert registry.declaration("fairland") is decl


GENERIC = ("ui", "render", "formats", "sweep", "cli", "declaration", "workbench", "jit_cache",
           "runtime")
NAMES = {"fairland": ("fairland",), "tgp": ("tgp", "terragenesis"),
         "numberlink": ("numberlink", "number link", "number_link"),
         "ports": ("ports",)}


def _owner(module: str) -> str | None:
    """The generator whose own module this is (its file name starts with
    the generator's name), or None for a generic module."""
    stem = module.rpartition(".")[2]
    return next((g for g in NAMES if stem.startswith(g)), None)


def _generic_modules() -> list[str]:
    out = []
    for name in MODULES:
        parts = name.split(".")
        if len(parts) < 2 or _layer(name) not in GENERIC or _owner(name):
            continue
        if _layer(name) == "cli" and parts[1] != "cli":
            continue                    # viewer/__init__, __main__: not the CLI package
        out.append(name)
    return sorted(out)


@pytest.mark.parametrize("module", _generic_modules())
def test_no_generator_is_named_in_generic_code(module):
    """A generic module of the window, the pictures, the formats, the sweeps
    or the command line knows no generator by name (comments and docstrings
    included): each generator reaches them through its declaration."""
    text = MODULES[module].read_text(encoding="utf-8").lower()
    import re

    found = sorted({g for g, words in NAMES.items()
                    for w in words if re.search(rf"(?<![a-z_]){re.escape(w)}(?![a-z])", text)})
    assert not found, f"{module} names {', '.join(found)}"


TGP = "viewer.engine.tgp"
TGP_VERSIONS = (f"{TGP}.r13671", f"{TGP}.openttd15")
TGP_SHARED = (f"{TGP}.game", f"{TGP}.kernel", f"{TGP}.pipeline")


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _tgp_bound_modules() -> list[str]:
    """The modules of a TGP version's package and of the shared code."""
    return sorted(m for m in MODULES if any(_within(m, p) for p in TGP_VERSIONS + TGP_SHARED))


@pytest.mark.parametrize("module", _tgp_bound_modules())
def test_a_tgp_version_imports_no_other_and_the_shared_code_neither(module):
    """TGP's two versions each have a package (r13671's, OpenTTD 15.2's):
    neither imports the other, and what both share (the game's map model,
    the shared kernels and pipeline parts) imports neither version; only
    the version-neutral modules above them (generator, trace, ...) reach
    both."""
    own = next((v for v in TGP_VERSIONS if _within(module, v)), None)
    barred = [v for v in TGP_VERSIONS if v != own]
    bad = sorted({t for t, _top in _imports(MODULES[module], module)
                  if any(_within(t, v) for v in barred)})
    assert not bad, f"{module} imports {bad}"
