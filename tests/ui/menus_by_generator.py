"""The menu items each built-in generator adds to the window (and takes
away when another is chosen), for the tests that check which are there."""

OWN = {
    "fairland": {"Export newcap script...", "Export sector xdump...", "Export text map...",
                 "Copy fairland command line", "Hex outlines", "Fairness"},
    "tgp": {"Export OpenTTD heightmap PNG...", "Export fixed-point heightmap PNG (16-bit)...",
            "Play this map in OpenTTD 15.2...", "Hill shading", "Contour lines"},
    "numberlink": {"Check uniqueness", "Export puzzle text...", "Export solution text...",
                   "Export testmain grids...", "Export puzzle PNG...", "Export solution PNG...",
                   "Export puzzle for printing (black and white)...", "Show solution", "Solve step by step",
                   "Export puzzle SVG...", "Export puzzle PDF...", "Export solution SVG...",
                   "Export solution PDF...", "Export puzzle book...", "Copy puzz.link URL"},
    "ports": {"Export ports JSON...", "Export ports CSV...", "Hill shading"},
}


def others(name: str) -> set[str]:
    """The items of every generator but ``name`` (minus those it shares)."""
    mine = OWN.get(name, set())
    return set().union(*(v for k, v in OWN.items() if k != name)) - mine
