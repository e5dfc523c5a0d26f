"""docs/python-api.md shows what its cells give now: tools/python_api_doc.py runs them
in a fresh process (a process plays one ruleset, and the page's last cell shows that)
and compares each Out block. Run `.venv/bin/python tools/python_api_doc.py --write` to
rewrite the outputs after a change that moves them, then read the page's prose again."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOOL = ROOT / "tools" / "python_api_doc.py"


def run_tool(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(TOOL), *args], capture_output=True, text=True, timeout=600
    )


def test_the_python_api_page_shows_what_its_cells_give():
    done = run_tool("--check")
    assert done.returncode == 0, f"docs/python-api.md is stale:\n{done.stdout}{done.stderr}"


PAGE = """Some prose.

```python
In [1]:
x = 6
x * 7
```

```text
Out [1]:
41
```

```python
In [2]:
{}["missing"]
```

```text
Out [2]:
KeyError: 'missing'
```

```python
In [3]:
import json

json.loads("")
```

```text
Out [3]:
json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)
```

More prose.
"""


def test_a_stale_output_is_told_then_rewritten_and_the_rest_kept(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(PAGE, encoding="utf-8")
    done = run_tool("--check", "--page", str(page))
    assert done.returncode == 1
    assert "-41\n+42" in done.stdout and "1 of 3 outputs differ" in done.stdout
    assert page.read_text(encoding="utf-8") == PAGE  # --check writes nothing
    done = run_tool("--write", "--page", str(page))
    assert done.returncode == 0, done.stderr
    assert page.read_text(encoding="utf-8") == PAGE.replace("41\n", "42\n")
    assert run_tool("--check", "--page", str(page)).returncode == 0
    assert [p.name for p in tmp_path.iterdir()] == ["page.md"]  # no temporary file left


def test_a_page_whose_cells_are_not_paired_is_refused(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(PAGE.replace("Out [2]:", "Out [5]:"), encoding="utf-8")
    done = run_tool("--check", "--page", str(page))
    assert done.returncode == 2
    assert done.stderr.startswith(f"{page}: Out [5] follows In [2]; expected Out [2]. Each")
