"""OpenTTD's TerraGenesis Perlin heightmap generator: OpenTTD 15.2's New Game
through GenerateLandscape (the default: the water pass, the climate, the
rivers) and tgp.cpp of svn r13671."""

from .generator import TGP, TerraGenesis

__all__ = ["TGP", "TerraGenesis"]
