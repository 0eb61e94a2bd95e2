"""世界奇旅 · World Voyage: the map travel and set-collection game (not yet registered)."""
