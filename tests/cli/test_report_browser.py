"""`irc report`'s page in a real headless browser (Debian's chromium and
chromium-driver, driven by Selenium): it opens from disk, sorting a column
reorders the rows, a function's link opens its annotated IR; a screenshot
and the worst function's IR are saved (to `$IRC_REPORT_SCREENSHOT` and
`…-function.png` beside it when set: that is how docs/report.png and
docs/report-function.png are made).

Skips, saying why, where the browser or its driver cannot be had (`.ci/run`
installs them where apt is available).
"""
from __future__ import annotations

import io
import os
import shutil

import pytest

from report_corpus import make_corpus

from irc.cli.report import ReportOptions, report_main

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium (the test extra) is not installed")

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(not (CHROMIUM and DRIVER),
                                reason="no chromium / chromedriver on PATH (apt-get install chromium chromium-driver)")


@pytest.fixture(scope="module")
def browser():
    from selenium.common.exceptions import WebDriverException

    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--hide-scrollbars", "--window-size=1280,1200", "--force-device-scale-factor=1"):
        opts.add_argument(arg)
    try:
        drv = webdriver.Chrome(service=webdriver.ChromeService(executable_path=DRIVER), options=opts)
    except WebDriverException as e:  # e.g. a browser and driver of different versions
        pytest.skip(f"chromium could not be started: {e.msg}")
    drv.set_page_load_timeout(60)
    yield drv
    drv.quit()


@pytest.fixture(scope="module")
def page_url(tmp_path_factory):
    root = tmp_path_factory.mktemp("browser")
    out = root / "report.html"
    here = os.getcwd()
    os.chdir(root)  # relative input paths, as a user in the corpus's folder gives them
    try:
        report_main([os.path.relpath(p) for p in make_corpus(root)], str(out), ReportOptions(),
                    title="irc report: sample corpus", stderr=io.StringIO())
    finally:
        os.chdir(here)
    return out.as_uri()


def column(drv, index: int) -> list[str]:
    return drv.execute_script(
        "return Array.from(document.querySelectorAll('#functions-table tbody tr'))"
        ".map(r => r.cells[arguments[0]].getAttribute('data-key'));", index)


def click_header(drv, label: str) -> str:
    from selenium.webdriver.common.by import By

    th = next(t for t in drv.find_elements(By.CSS_SELECTOR, "#functions-table thead th") if t.text.startswith(label))
    th.find_element(By.TAG_NAME, "button").click()
    return th.get_attribute("aria-sort")


def test_sorting_a_column_reorders_the_rows(browser, page_url):
    browser.get(page_url)
    ranks = [int(k) for k in column(browser, 0)]
    assert ranks == list(range(1, len(ranks) + 1)) and len(ranks) >= 5  # worst first, as written

    assert click_header(browser, "Statements") == "descending"  # numbers: biggest first
    sizes = [int(k) for k in column(browser, 3)]
    assert sizes == sorted(sizes, reverse=True)
    assert [int(k) for k in column(browser, 0)] != ranks  # the rows moved

    assert click_header(browser, "Statements") == "ascending"  # again: reversed
    assert [int(k) for k in column(browser, 3)] == sorted(sizes)

    assert click_header(browser, "File") == "ascending"
    files = column(browser, 1)
    assert files == sorted(files, key=str.casefold) or files == sorted(files)

    assert click_header(browser, "#") == "ascending"  # the rank sorts worst first on the first click
    assert [int(k) for k in column(browser, 0)] == ranks  # back to the default order


def test_a_function_link_opens_its_annotated_ir(browser, page_url):
    from selenium.webdriver.common.by import By

    browser.get(page_url)
    link = browser.find_element(By.CSS_SELECTOR, "#functions-table tbody tr a")
    target = link.get_attribute("href").split("#", 1)[1]
    assert browser.execute_script("return document.getElementById(arguments[0]).open", target) is False
    link.click()
    from selenium.webdriver.support.ui import WebDriverWait

    # the link opens its `details` from a handler: wait for it (it raced the next script under CI's load), then check
    is_open = "return document.getElementById(arguments[0]).open"
    WebDriverWait(browser, 10).until(lambda b: b.execute_script(is_open, target) is True)
    assert browser.execute_script(is_open, target) is True
    pre = browser.find_element(By.CSS_SELECTOR, f"#{target} pre.ir")
    assert "MethodInstance for" in pre.text
    # a diagnostic's link lands on its (highlighted) line
    diag = browser.find_elements(By.CSS_SELECTOR, f"#{target} ul.diags a")
    assert diag
    diag[0].click()
    line_id = diag[0].get_attribute("href").split("#", 1)[1]
    assert browser.execute_script("return document.querySelector(':target').id") == line_id


def test_screenshots(browser, page_url, tmp_path):
    """What docs/report.png shows (the top of the page: summary, charts, table)
    and docs/report-function.png (the worst function's annotated IR, opened
    from its row)."""
    from selenium.webdriver.common.by import By

    browser.get(page_url)
    dest = os.environ.get("IRC_REPORT_SCREENSHOT") or str(tmp_path / "report.png")
    second = dest[: -len(".png")] + "-function.png"
    assert browser.save_screenshot(dest)
    from selenium.webdriver.support.ui import WebDriverWait

    browser.find_element(By.CSS_SELECTOR, "#functions-table tbody tr a").click()
    # the row's click opens its `details` from a handler: wait for it (it raced the next script on a loaded machine)
    WebDriverWait(browser, 10).until(lambda b: b.execute_script("return document.querySelector('details[open]') !== null"))
    browser.execute_script("document.querySelector('details[open]').scrollIntoView({block: 'start'})")
    assert browser.save_screenshot(second)
    for path in (dest, second):
        with open(path, "rb") as fh:
            assert fh.read(8) == b"\x89PNG\r\n\x1a\n"


def test_julia_column_renders_and_sorts(browser, page_url):
    """The corpus is `@code_warntype` pastes: the "Julia vs irc" column shows `agree/compared` and sorts
    by the disagreements, most first."""
    import re

    browser.get(page_url)
    heads = browser.execute_script(
        "return Array.from(document.querySelectorAll('#functions-table thead th')).map(t => t.innerText.trim())")
    k = next(i for i, h in enumerate(heads) if h.startswith("Julia vs irc"))
    cells = browser.execute_script(
        "return Array.from(document.querySelectorAll('#functions-table tbody tr'))"
        ".map(r => [r.cells[arguments[0]].innerText.trim(), r.cells[arguments[0]].getBoundingClientRect().width]);", k)
    assert cells and all(re.fullmatch(r"\d+/\d+|–", t) and w > 0 for t, w in cells)
    assert any("/" in t for t, _ in cells)
    assert click_header(browser, "Julia vs irc") == "descending"
    keys = [int(x) for x in column(browser, k)]
    assert keys == sorted(keys, reverse=True)


LONG = "x" * 120  # a long file name: the error's first line is long


@pytest.fixture(scope="module")
def failed_url(tmp_path_factory):
    """A report of one refused input (optimized IR, a long message) with a long source line."""
    root = tmp_path_factory.mktemp("failed")
    bad = root / f"{LONG}.ir"
    phis = ", ".join(f"#{i} => {i}" for i in range(2, 60))
    bad.write_text(f"CodeInfo(\n1 ─ %1 = φ ({phis})::Int64\n└──      return %1\n) => Int64\n", encoding="utf-8")
    out = root / "report.html"
    assert report_main([str(bad)], str(out), ReportOptions(), stderr=io.StringIO()) == 1
    return out.as_uri()


def test_a_long_error_wraps_and_its_caret_stays_under_its_column(browser, failed_url):
    browser.get(failed_url)
    browser.set_window_size(800, 900)
    try:
        got = browser.execute_script("""
            var sec = document.getElementById('failed');
            var msg = sec.querySelector('div.msg'), src = sec.querySelector('pre.src');
            var text = src.firstChild, lines = text.data.split('\\n'), col = lines[1].indexOf('^');
            function x(off){ var r = document.createRange(); r.setStart(text, off); r.setEnd(text, off + 1);
                             return r.getBoundingClientRect().left; }
            return {msgLen: msg.textContent.length, msgH: msg.getBoundingClientRect().height,
                    lineH: parseFloat(getComputedStyle(msg).lineHeight),
                    msgOver: msg.scrollWidth - msg.clientWidth, secOver: sec.scrollWidth - sec.clientWidth,
                    pageOver: document.documentElement.scrollWidth - document.documentElement.clientWidth,
                    caretX: x(lines[0].length + 1 + col), columnX: x(col),
                    srcScrolls: src.scrollWidth > src.clientWidth,
                    whiteSpace: getComputedStyle(msg).whiteSpace};
        """)
    finally:
        browser.set_window_size(1280, 1200)
    assert got["msgLen"] > 200 and got["whiteSpace"] == "pre-wrap"
    assert got["msgH"] > 1.5 * got["lineH"]  # the message wrapped onto several lines ...
    assert got["msgOver"] <= 0 and got["secOver"] <= 0 and got["pageOver"] <= 0  # ... and widens nothing
    assert got["srcScrolls"]  # the long source line scrolls inside its own block, with its caret line
    assert abs(got["caretX"] - got["columnX"]) < 1  # the caret under the column it points at
