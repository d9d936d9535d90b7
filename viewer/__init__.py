"""mapgen-viewer: a workbench for procedural map generators."""

