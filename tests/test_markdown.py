"""Every Markdown file of the repository renders as written: each table is a table
(no blank line or stray row inside it, every row with the header's number of cells),
and every relative link reaches a file, and its #anchor a heading of that file (GitHub's
slugs)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from urllib.parse import unquote

import pytest
from markdown_it import MarkdownIt

ROOT = Path(__file__).resolve().parents[1]
PARSER = MarkdownIt("commonmark").enable("table")


def markdown_files() -> list[Path]:
    """The repository's Markdown files: git's list when there is one (generated
    reports are not the repository's), else the folders that hold them."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard", "*.md"],
            cwd=ROOT, capture_output=True, text=True, check=True,
        ).stdout.split()  # fmt: skip
    except (OSError, subprocess.CalledProcessError):
        listed = []
    found = [ROOT / name for name in listed if (ROOT / name).is_file()]
    if not found:
        found = [ROOT / "README.md", *ROOT.glob("docs/**/*.md"), *ROOT.glob("scenarios/**/*.md")]
    return sorted(found)


FILES = markdown_files()


def shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else path.name


def plain_text(inline) -> str:
    """A heading's text as GitHub slugs it: the words, code spans included, no markup."""
    return "".join(
        child.content for child in inline.children or () if child.type in ("text", "code_inline")
    )


def slug(text: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to '-'."""
    text = text.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    tokens = PARSER.parse(path.read_text(encoding="utf-8"))
    seen: dict[str, int] = {}
    found = set()
    for i, token in enumerate(tokens):
        if token.type != "heading_open":
            continue
        base = slug(plain_text(tokens[i + 1]))
        n = seen.get(base, 0)
        seen[base] = n + 1
        found.add(base if n == 0 else f"{base}-{n}")
    return found


def cells(row: str) -> int:
    """Cells of a table row's source line: split on pipes not escaped with a backslash."""
    parts = re.split(r"(?<!\\)\|", row.strip())
    if parts and parts[0].strip() == "":
        parts = parts[1:]
    if parts and parts[-1].strip() == "":
        parts = parts[:-1]
    return len(parts)


@pytest.mark.parametrize("path", FILES, ids=shown)
def test_tables_render_as_tables(path):
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    tokens = PARSER.parse(text)
    in_table, in_code = set(), set()
    for token in tokens:
        if token.map is None:
            continue
        rows = range(token.map[0], token.map[1])
        if token.type == "table_open":
            in_table.update(rows)
            header = cells(lines[token.map[0]])
            for n in rows:
                assert cells(lines[n]) == header, (
                    f"{path.name}:{n + 1}: {cells(lines[n])} cells in a table of {header} "
                    f"columns: {lines[n]!r}"
                )
        elif token.type in ("fence", "code_block", "html_block"):
            in_code.update(rows)
    for n, line in enumerate(lines):
        if line.lstrip().startswith("|") and n not in in_table and n not in in_code:
            pytest.fail(f"{path.name}:{n + 1}: a table row that does not render: {line!r}")


def links(path: Path):
    for token in PARSER.parse(path.read_text(encoding="utf-8")):
        for child in token.children or ():
            target = child.attrs.get("href") or child.attrs.get("src")
            if target:
                yield token.map[0] + 1 if token.map else 0, str(target)


@pytest.mark.parametrize("path", FILES, ids=shown)
def test_relative_links_and_anchors_resolve(path):
    problems = []
    for line, target in links(path):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
            continue  # http:, https:, mailto:
        file_part, _, anchor = target.partition("#")
        where = (path.parent / unquote(file_part)).resolve() if file_part else path
        if not where.exists():
            problems.append(f"line {line}: {target}: no such file")
        elif anchor and where.suffix == ".md" and unquote(anchor) not in anchors(where):
            problems.append(f"line {line}: {target}: no heading with that anchor")
    assert not problems, f"{shown(path)}:\n" + "\n".join(problems)


def test_the_checks_catch_what_they_are_for(tmp_path):
    # A blank line inside a table, a short row, a missing file and a missing anchor.
    page = tmp_path / "page.md"
    page.write_text(
        "# A title\n\n## Second `part`\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n| 3 | 4 |\n"
        "\n[ok](#second-part) [bad](#nowhere) [gone](missing.md)\n",
        encoding="utf-8",
    )
    assert anchors(page) == {"a-title", "second-part"}
    with pytest.raises(pytest.fail.Exception, match="does not render"):
        test_tables_render_as_tables(page)
    page.write_text("| a | b |\n|---|---|\n| 1 |\n", encoding="utf-8")
    with pytest.raises(AssertionError, match="1 cells in a table of 2"):
        test_tables_render_as_tables(page)
    page.write_text("# T\n\n[ok](#t) [bad](#nowhere) [gone](missing.md)\n", encoding="utf-8")
    with pytest.raises(AssertionError) as caught:
        test_relative_links_and_anchors_resolve(page)
    assert "#nowhere: no heading" in str(caught.value)
    assert "missing.md: no such file" in str(caught.value)
    assert "#t:" not in str(caught.value)


def test_readme_is_a_quick_start():
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 250


INTERNAL = re.compile(r"\bsessions? #?\d+|\bissues? #?\d+|\bhelpers?\b", re.I)


@pytest.mark.parametrize("path", FILES, ids=shown)
def test_no_internal_words(path):
    # What a reader sees, not the project's history.
    text = path.read_text(encoding="utf-8")
    found = [m.group(0) for m in INTERNAL.finditer(text)]
    assert not found, f"{shown(path)}: {found}"


STALE = re.compile(r"not\s+(?:yet\s+)?(?:been\s+)?measured\s+again|not\s+yet\s+re-?measured", re.I)


@pytest.mark.parametrize("path", FILES, ids=shown)
def test_no_figure_waits_to_be_measured_again(path):
    # A figure the code no longer gives is measured again with its command, not marked.
    text = path.read_text(encoding="utf-8")
    found = [
        f"line {text.count(chr(10), 0, m.start()) + 1}: {m.group(0)!r}"
        for m in STALE.finditer(text)
    ]
    assert not found, f"{shown(path)}: figures marked as stale:\n" + "\n".join(found)


def test_the_stale_mark_is_caught(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("Before the fix (not yet measured\nagain): 3%.\n", encoding="utf-8")
    with pytest.raises(AssertionError, match="line 1"):
        test_no_figure_waits_to_be_measured_again(page)
