"""Self-contained HTML pages: Markdown converted, every chart embedded as data."""

from __future__ import annotations

import base64
import re
from pathlib import Path

CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;max-width:1100px;margin:2em auto;
padding:0 1em;color:#222;line-height:1.45}
table{border-collapse:collapse;font-size:.85em;margin:.8em 0;display:block;overflow-x:auto;
max-width:100%}
th,td{border:1px solid #ccc;padding:.25em .5em;text-align:left}
th{background:#f1f1f1} tr:nth-child(even) td{background:#fafafa}
img{max-width:100%;height:auto;border:1px solid #eee;margin:.5em 0}
code{background:#f4f4f4;padding:0 .2em}
p,li{overflow-wrap:anywhere}
h1{border-bottom:2px solid #333} h2{border-bottom:1px solid #bbb;margin-top:2em}
.glance{display:grid;grid-template-columns:repeat(auto-fit,minmax(300px,1fr));gap:1em}
.glance figure{margin:0;border:1px solid #ddd;padding:.6em;background:#fcfcfc}
.glance img{width:100%;max-height:380px;object-fit:contain;border:0;margin:0}
.glance figcaption{font-size:.92em}
"""


def to_html(page: str, root: Path, title: str) -> str:
    """A self-contained HTML page: Markdown converted, every chart embedded as data."""
    import markdown

    body = markdown.markdown(page, extensions=["tables", "toc"])

    def embed(m: re.Match) -> str:
        src = root / m.group(2)
        if not src.exists():
            return m.group(0)
        data = base64.b64encode(src.read_bytes()).decode("ascii")
        return f'{m.group(1)}data:image/png;base64,{data}"'

    body = re.sub(r'(<img[^>]*src=")([^"]+\.png)"', embed, body)
    return (
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title><style>{CSS}</style></head><body>\n{body}\n</body></html>\n"
    )


def anchor(title: str) -> str:
    """The id a Markdown heading `title` gets on the page (the "toc" extension's)."""
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
