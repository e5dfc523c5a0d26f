"""The report's pages in a real browser (Chromium driven by Selenium): every page at a
desktop width (1280 px) and a phone width (390 px), every page's height limit, the
answer cards' charts drawn large enough to read, a long table sorted and filtered, a
chart opened full size, no script error. Skipped,
with the reason, on a machine without Chromium and chromedriver (.ci/run installs
them). They open the site the report tests build (tests/conftest.py report_site)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

MAX_PAGE_HEIGHT = 12000  # px, any page at 1280 px wide (long tables fold)
# An answer card's chart is drawn at least at this share of its own width, or this wide.
MIN_CHART_SHARE, MIN_CHART_PX = 0.6, 900
WIDTHS = (1280, 390)


def _chromium() -> tuple[str | None, str | None]:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return shutil.which(name), shutil.which("chromedriver")
    return None, shutil.which("chromedriver")


@pytest.fixture(scope="session")
def browser():
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        pytest.skip("no browser tests: selenium is not installed (pip install -e '.[dev]')")
    binary, driver_path = _chromium()
    if binary is None or driver_path is None:
        pytest.skip("no browser tests: Chromium and chromedriver are not installed "
                    "(apt-get install chromium chromium-driver)")  # fmt: skip
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1280,900"):  # fmt: skip
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(driver_path))
    yield driver
    driver.quit()


def _open(driver, page: Path, width: int) -> None:
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600},
    )
    driver.get(page.as_uri())


def _size(driver) -> dict:
    return driver.execute_script(
        "var d=document.documentElement;"
        "return {height:d.scrollHeight, width:d.scrollWidth, view:window.innerWidth};"
    )


@pytest.fixture(scope="module")
def site(report_site, tmp_path_factory):
    """The tiny report as the index holds it: out/swow/ and the index page linking it
    (index_page, without the child processes build_index starts)."""
    from analyzer.present.html import to_html
    from analyzer.report.index import index_page

    out = tmp_path_factory.mktemp("site")
    shutil.copytree(report_site[0], out / "swow")
    (out / "index.html").write_text(
        to_html(index_page(out, [("swow", None)], 1.0, (), scale=0.002), out, "Report"),
        encoding="utf-8",
    )
    return out


def _pages(site: Path) -> list[Path]:
    return [site / "index.html", site / "swow" / "index.html", *sorted(site.glob("swow/*.html"))]


@pytest.mark.parametrize("width", WIDTHS)
def test_every_page_fits_its_width_and_the_main_page_stays_short(browser, site, width):
    pages = list(dict.fromkeys(_pages(site)))
    assert len(pages) >= 8, pages  # the index, the main page and a page per study
    for page in pages:
        _open(browser, page, width)
        size = _size(browser)
        name = page.relative_to(site).as_posix()
        assert size["width"] <= size["view"] + 1, (name, width, size)  # no sideways scroll
        if width == 1280:
            assert size["height"] <= MAX_PAGE_HEIGHT, (name, size)
        errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
        assert not errors, (name, errors)


def _column(driver, table, col: int) -> list[str]:
    """The shown cells of a column, top to bottom (one call: the rows are many)."""
    return driver.execute_script(
        "var col=arguments[1];return Array.from(arguments[0].tBodies[0].rows)"
        ".filter(function(r){return r.style.display!=='none';})"
        ".map(function(r){return r.cells[col].textContent.trim();});",
        table, col,
    )  # fmt: skip


def test_a_long_table_sorts_by_any_column_and_filters_by_name(browser, site):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    _open(browser, site / "swow" / "combos.html", 1280)
    filters = browser.find_elements(By.CSS_SELECTOR, "input.filter")
    assert filters, "no long table has a filter box"
    tables = [f.find_element(By.XPATH, "following-sibling::table[1]") for f in filters]
    rows, box, table = max(
        (browser.execute_script("return arguments[0].tBodies[0].rows.length", t), i, t)
        for i, t in enumerate(tables)
    )  # the longest table
    box = filters[box]
    heads = table.find_elements(By.CSS_SELECTOR, "thead th")
    # A column of numbers sorts by value, both ways; a column of names alphabetically.
    numeric = text = None
    for col in range(len(heads)):
        values = _column(browser, table, col)
        parsed = [_number(v) for v in values]
        if numeric is None and all(p is not None for p in parsed) and len(set(parsed)) > 2:
            numeric = col
        if text is None and all(p is None for p in parsed):
            text = col
    assert numeric is not None and text is not None, [h.text for h in heads]
    heads[numeric].click()
    up = [_number(v) for v in _column(browser, table, numeric)]
    assert up == sorted(up) and heads[numeric].get_attribute("aria-sort") == "ascending"
    heads[numeric].click()
    down = [_number(v) for v in _column(browser, table, numeric)]
    assert down == sorted(up, reverse=True)
    heads[text].click()
    names = _column(browser, table, text)
    assert names == sorted(names, key=str.lower) or names == sorted(names), names[:5]
    # Filter by the name in the first row: only rows holding it stay, then all again.
    name = names[-1].split()[0]
    box.send_keys(name)
    shown = browser.execute_script(
        "return Array.from(arguments[0].tBodies[0].rows).filter(function(r){"
        "return r.style.display!=='none';}).map(function(r){return r.textContent;});", table
    )  # fmt: skip
    assert 0 < len(shown) < rows
    assert all(name.lower() in r.lower() for r in shown)
    box.send_keys(Keys.BACKSPACE * (len(name) + 1))  # an empty box: every row back
    assert len(_column(browser, table, 0)) == rows


def _number(text: str) -> float | None:
    import re

    m = re.match(r"^[^0-9+\-.]*([+\-]?\d*\.?\d+(?:e[+\-]?\d+)?)", text.replace(",", ""), re.I)
    return float(m.group(1)) if m and text.strip() else None


def test_the_answer_cards_draw_their_charts_large_enough_to_read(browser, site):
    _open(browser, site / "swow" / "index.html", 1280)
    drawn = browser.execute_script(
        "return Array.from(document.querySelectorAll('.answers img')).map(function(i){"
        "return [i.getBoundingClientRect().width, i.naturalWidth, i.alt];});"
    )
    assert len(drawn) >= 4
    for width, natural, alt in drawn:
        assert width >= min(MIN_CHART_SHARE * natural, MIN_CHART_PX) - 1, (alt, width, natural)
        assert width <= natural + 1, (alt, width, natural)  # never blown up past its pixels


@pytest.mark.parametrize("width", WIDTHS)
def test_a_chart_on_the_main_page_opens_full_size(browser, site, width):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    _open(browser, site / "swow" / "index.html", width)
    charts = browser.find_elements(By.CSS_SELECTOR, ".answers img")
    assert len(charts) >= 4
    for chart in charts[:2]:  # the key chart, then a card's
        chart.click()
        full = browser.find_element(By.CSS_SELECTOR, ".zoomview img")
        natural = int(full.get_attribute("naturalWidth"))
        # its own pixels, however tall or wide: the view scrolls where the window is smaller
        assert abs(full.size["width"] - natural) <= 1, (width, full.size, natural)
        assert full.size["height"] == int(full.get_attribute("naturalHeight"))
        browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
        assert not browser.find_elements(By.CSS_SELECTOR, ".zoomview")
    charts[1].click()  # a click on the opened chart closes it too
    browser.find_element(By.CSS_SELECTOR, ".zoomview img").click()
    assert not browser.find_elements(By.CSS_SELECTOR, ".zoomview")
