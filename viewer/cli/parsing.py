"""The generic command line's parser and how it reads values and a seed:
shared by the command (:mod:`.generic`) and the map IDs its extras read
(:meth:`.extras.CliExtras.map_values`)."""

from __future__ import annotations

from .args import Parser, Usage, add_bundle_option, add_param_options, given_values, random_seed

__all__ = ["generic_parser", "values_and_seed"]


def generic_parser(decl, extras) -> Parser:
    """The generic command line's parser of ``decl`` with ``extras``' flags."""
    exports = decl.load("exports")
    p = Parser(prog=decl.name, add_help=False,
               description=extras.description or decl.title)
    p.add_argument("-h", "--help", action="store_true", help="show this help and exit")
    if decl.seed_kind == "text":
        what = "any text"
    else:
        what = "a number 0..4294967295"
    default = "a random one, printed" if extras.random_seed else f"{decl.default_seed}"
    p.add_argument("--seed", metavar="N" if decl.seed_kind == "int" else "TEXT",
                   help=f"the seed, {what} (default: {default})")
    add_param_options(p, decl.params)
    p.add_argument("--preset", metavar="FILE", help="start from the values of a preset")
    p.add_argument("--png", metavar="FILE", help="write a picture of a layer of the map "
                   "(as the window's Export map draws it)")
    p.add_argument("--layer", metavar="NAME",
                   help=f"the layer in --png (one of {', '.join(decl.layer_info)})")
    p.add_argument("--scale", metavar="N", help="pixels per cell in --png, 1..64 (default: "
                   "as the window's Export map)")
    names = ", ".join(e.name for e in exports) or "none"
    p.add_argument("--export", action="append", default=[], metavar="NAME=FILE",
                   help=f"write a declared export ({names}); may be repeated")
    add_bundle_option(p)
    p.add_argument("--metrics", action="store_true", help="print the metrics as JSON")
    p.add_argument("-q", "--quiet", action="store_true", help="print nothing on success")
    p.add_argument("--progress", action="store_true",
                   help="report the phases on standard error (on by itself when standard "
                        "error is a terminal)")
    extras.add_arguments(p)
    return p


def values_and_seed(decl, extras, args):
    """The validated values (preset, then the options, as the extras
    complete them; marked checked, see :meth:`viewer.declaration.Declaration.checked`) and the seed (--seed, the preset's, else the default)."""
    from ..engine.names import shown_name
    from ..formats.presets import load_preset

    values: dict = {}
    seed = None
    if args.preset:
        preset = load_preset(args.preset)
        if preset.generator != decl.name:
            raise Usage(f"--preset {shown_name(args.preset)} is for {preset.generator}, "
                        f"not {decl.name}")
        values.update(preset.params)
        seed = preset.seed
    values.update(given_values(args, decl.params))
    values = decl.checked(extras.values(args, values))     # (generate checks them no more)
    if args.seed is not None:
        seed = decl.check_seed(args.seed)
    elif seed is None:
        seed = random_seed(decl.seed_kind) if extras.random_seed else decl.default_seed
    return values, seed
