"""TerraGenesis Perlin as ``tgp.cpp`` made maps at svn r13671 (2008): the
pipeline of its steps (:mod:`.pipeline`, which tells the algorithm in
numbered steps) and the kernels only this version runs (:mod:`.kernel`);
the pieces it shares with OpenTTD 15.2 are in :mod:`viewer.engine.tgp`
(:mod:`~viewer.engine.tgp.kernel`, :mod:`~viewer.engine.tgp.pipeline`)."""
