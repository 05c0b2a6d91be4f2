"""Sic Bo (§ 625a): three dice drawn by the certified RNG, settled on the layout a player knows."""
