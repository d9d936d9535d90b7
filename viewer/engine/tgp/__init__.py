"""OpenTTD's TerraGenesis Perlin heightmap generator: OpenTTD 15.2's New Game
through the water pass (the default) and tgp.cpp of svn r13671."""

from .generator import TGP, TerraGenesis

__all__ = ["TGP", "TerraGenesis"]
