"""OpenTTD TerraGenesis in the window: what the map is, said on the status
line, and the yellow bar when the version shown misbehaves (r13671's 32-bit
water target on the largest maps)."""

from __future__ import annotations

from typing import Any

from ...engine.protocol import Result
from ...engine.tgp.generator import WHAT_THE_MAP_IS
from .base import GeneratorView


class TgpView(GeneratorView):
    def result_changed(self, result: Result | None, prepared: Any = None) -> None:
        warnings = result.extra.get("warnings") if result is not None else None
        if warnings:
            self.window.banner.show_message(" ".join(warnings) + ".")

    def describe(self, result: Result) -> str:
        if result.extra.get("version") == "15.2":
            return f"; OpenTTD 15.2: {WHAT_THE_MAP_IS}"
        return "; OpenTTD r13671 (tgp.cpp of 2008)"
