"""OpenTTD's TerraGenesis Perlin heightmap generator (tgp.cpp, svn r13671)."""

from .generator import TGP, TerraGenesis

__all__ = ["TGP", "TerraGenesis"]
