"""Self-contained HTML pages: Markdown converted, every chart embedded as data, and a
small inline script (no network) that sorts and filters the long tables and opens a
chart full size on a click."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import markdown

# A table with more rows than this gets a filter box and sortable headers.
LONG_TABLE_ROWS = 8

CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;max-width:1100px;margin:2em auto;
padding:0 1em;color:#222;line-height:1.45}
table{border-collapse:collapse;font-size:.85em;margin:.8em 0;display:block;overflow-x:auto;
max-width:100%}
th,td{border:1px solid #ccc;padding:.25em .5em;text-align:left}
th{background:#f1f1f1} tr:nth-child(even) td{background:#fafafa}
img{max-width:100%;height:auto;border:1px solid #eee;margin:.5em 0;cursor:zoom-in}
.zoomview{position:fixed;inset:0;overflow:auto;background:rgba(255,255,255,.97);z-index:10;
cursor:zoom-out}
.zoomview img{max-width:none;width:auto;height:auto;margin:0;border:0;cursor:zoom-out}
code{background:#f4f4f4;padding:0 .2em}
p,li{overflow-wrap:anywhere}
h1{border-bottom:2px solid #333} h2{border-bottom:1px solid #bbb;margin-top:2em}
.banner{background:#fff4d6;border:1px solid #e0b000;padding:.6em .9em;margin:1em 0}
.nav{font-size:.92em;margin:.4em 0 1em}
.answers{display:grid;grid-template-columns:1fr;gap:1em}
.answers figure{margin:0;border:1px solid #ddd;padding:.6em;background:#fcfcfc}
.answers img{display:block;max-width:100%;height:auto;border:0;margin:0 auto}
.answers figcaption{font-size:.95em}
.hint{color:#666;font-size:.85em}
details{margin:.6em 0} summary{cursor:pointer;font-weight:600}
input.filter{margin:.6em 0 0;padding:.25em .4em;font-size:.9em;width:16em;max-width:90%}
th.sortable{cursor:pointer;user-select:none;white-space:nowrap}
th.sortable::after{content:" \\2195";color:#999}
th[aria-sort=ascending]::after{content:" \\2191";color:#222}
th[aria-sort=descending]::after{content:" \\2193";color:#222}
@media (max-width:600px){body{margin:1em auto} h1{font-size:1.45em} h2{font-size:1.25em}}
"""

# Sorts a long table by the clicked column (numbers by value: "12.5%", "+3.1 points",
# "1,100"; text alphabetically), filters its rows by the typed text, and opens a
# chart at its full size over the page, scrolling where it is larger than the window,
# on a click (a second click or Escape closes it).
SCRIPT = """
(function(){
function num(t){t=t.replace(/,/g,'').replace(/\\u2212/g,'-');
 var m=t.match(/^[^0-9+\\-.]*([+\\-]?\\d*\\.?\\d+(?:e[+\\-]?\\d+)?)/i);
 return m?parseFloat(m[1]):NaN;}
document.querySelectorAll('table').forEach(function(table){
 var body=table.tBodies[0];if(!body||body.rows.length<=LONG_TABLE_ROWS)return;
 var input=document.createElement('input');input.type='search';input.className='filter';
 input.placeholder='Filter rows by name';input.setAttribute('aria-label','Filter rows');
 table.parentNode.insertBefore(input,table);
 input.addEventListener('input',function(){var q=input.value.toLowerCase();
  Array.prototype.forEach.call(body.rows,function(r){
   r.style.display=r.textContent.toLowerCase().indexOf(q)>=0?'':'none';});});
 var heads=table.tHead?table.tHead.rows[0].cells:[];
 Array.prototype.forEach.call(heads,function(th,col){
  th.classList.add('sortable');th.title='Sort by this column';
  th.addEventListener('click',function(){
   var down=th.getAttribute('aria-sort')==='ascending';
   Array.prototype.forEach.call(heads,function(h){h.removeAttribute('aria-sort');});
   th.setAttribute('aria-sort',down?'descending':'ascending');
   var rows=Array.prototype.slice.call(body.rows);
   var cells=rows.map(function(r){var t=r.cells[col]?r.cells[col].textContent.trim():'';
    return {r:r,t:t,n:num(t)};});
   var numeric=cells.every(function(c){return c.t===''||!isNaN(c.n);});
   cells.sort(function(a,b){var d=numeric?((isNaN(a.n)?-Infinity:a.n)-(isNaN(b.n)?-Infinity:b.n))
    :a.t.localeCompare(b.t);return down?-d:d;});
   cells.forEach(function(c){body.appendChild(c.r);});});});});
function unzoom(){document.querySelectorAll('.zoomview').forEach(function(v){v.remove();});}
document.addEventListener('click',function(e){var img=e.target;
 if(img.closest('.zoomview')||e.target.classList.contains('zoomview')){unzoom();return;}
 if(img.tagName!=='IMG')return;
 var view=document.createElement('div');view.className='zoomview';view.title='Click to close';
 var full=img.cloneNode();full.removeAttribute('title');view.appendChild(full);
 document.body.appendChild(view);});
document.addEventListener('keydown',function(e){if(e.key==='Escape')unzoom();});
})();
""".replace("LONG_TABLE_ROWS", str(LONG_TABLE_ROWS))


def to_html(page: str, root: Path, title: str) -> str:
    """A self-contained HTML page: Markdown converted (also inside `<details
    markdown="1">` and `<div markdown="1">` blocks), every chart embedded as data,
    long tables sortable and filterable in the browser."""
    body = markdown.markdown(page, extensions=["tables", "toc", "md_in_html"])

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
        f"<title>{title}</title><style>{CSS}</style></head><body>\n{body}\n"
        f"<script>{SCRIPT}</script>\n</body></html>\n"
    )


def anchor(title: str) -> str:
    """The id a Markdown heading `title` gets on the page (the "toc" extension's)."""
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
