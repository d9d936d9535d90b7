"""Readers and writers: Empire files, images, bundles, presets."""
