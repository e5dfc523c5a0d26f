"""Small World of Warcraft: its content files, races, powers, Artifacts and Places."""
