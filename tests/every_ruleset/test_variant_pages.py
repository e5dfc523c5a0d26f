"""The report index reads each ruleset's VARIANT_PAGES from the source of its tables.py
(the index's process loads no game): what it reads is what the loaded content gives,
and each page is a team variant's (the team page plays its TEAM rules)."""

from __future__ import annotations

from analyzer.report.index import declared_pages


def test_the_index_reads_the_pages_the_content_declares(game):
    content = game.content()
    assert declared_pages(game.ruleset) == content.VARIANT_PAGES
    assert set(content.VARIANT_PAGES) <= set(content.TEAM_VARIANTS)
