"""Reading and checking TOML files: the foundation every file the analyzer reads
shares (the rulesets' content, scenarios, bot styles, the Warcraft battles). It
imports nothing of the analyzer's but its errors."""
