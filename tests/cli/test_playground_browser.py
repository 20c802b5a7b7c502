"""`irc playground`'s site in a real headless browser (Debian's chromium and chromium-driver,
driven by Selenium, as tests/cli/test_report_browser.py): the site is built into a temporary
folder, served on 127.0.0.1 by a bounded `http.server` thread, a sample is pasted, and the page
must show a coloured statement, the stub text, `irc explain`'s answer when a `%N` is clicked, a
located error for a broken paste, and the same answer again from the link it put in the URL;
nothing is fetched from outside the site.

Pyodide comes from `$IRC_PYODIDE` or the checkout's `web/node_modules/pyodide` (`npm ci --prefix
web`), else from a tarball cached under `~/.cache/irc-playground/` (`npm pack` fetches it once,
never on later runs); without either the test skips and says why.  The whole module is marked
`browser`: about 30-60 s (a wheel build, Pyodide's start twice), so `-m "not browser"` leaves it out.

`IRC_PLAYGROUND_SCREENSHOT=docs/playground.png` saves a screenshot of the answer (that is how
docs/playground.png is made); the timings (cold and warm first load and first answer) and the
site's size are printed (`-s`) for docs/playground.md.
"""
from __future__ import annotations

import functools
import http.server
import os
import shutil
import subprocess
import threading
import time
from pathlib import Path

import pytest

from irc.cli.playground import PYODIDE_VERSION, PlaygroundError, build_site, default_pyodide

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium (the test extra) is not installed")
from test_report_browser import browser  # noqa: E402,F401 - the same headless chromium fixture

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not (CHROMIUM and DRIVER),
                       reason="no chromium / chromedriver on PATH (apt-get install chromium chromium-driver)"),
]
SAMPLE = "union_split_call"


def cached_pyodide() -> str:
    """Pyodide's npm package: given, installed in web/, or the cached tarball (fetched once by `npm pack`)."""
    given = default_pyodide()
    if given:
        return given
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "irc-playground"
    tgz = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    if tgz.is_file():
        return str(tgz)
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip(f"no Pyodide: no npm to fetch pyodide@{PYODIDE_VERSION} (or set IRC_PYODIDE)")
    cache.mkdir(parents=True, exist_ok=True)
    try:
        p = subprocess.run([npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(cache)],
                           capture_output=True, text=True, timeout=180)
    except (OSError, subprocess.TimeoutExpired) as e:
        pytest.skip(f"no Pyodide: npm pack pyodide@{PYODIDE_VERSION} failed: {e}")
    if p.returncode != 0 or not tgz.is_file():
        pytest.skip(f"no Pyodide: npm pack pyodide@{PYODIDE_VERSION} failed: {p.stderr.strip()[-300:]}")
    return str(tgz)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("playground") / "site"
    try:
        return build_site(str(out), cached_pyodide(), root=ROOT)
    except PlaygroundError as e:
        if "pip" in str(e):  # lark's wheel could not be fetched (no network, no pip cache)
            pytest.skip(f"the site could not be built: {e}")
        raise


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def url(site):
    handler = functools.partial(_Quiet, directory=site.path)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.timeout = 5
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()
    thread.join(timeout=10)


def wait_for(drv, script: str, timeout: float = 120):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = drv.execute_script(script)
        if value:
            return value
        time.sleep(0.1)
    status = drv.execute_script("return document.getElementById('status').textContent")
    pytest.fail(f"timed out waiting for `{script}`; the page says: {status!r}")


def load(drv, url: str) -> float:
    """Open the page and wait until Python and irc are loaded; the load time the page measured, in s."""
    drv.get("about:blank")  # a new document even when `url` differs from the page's only in its fragment
    drv.get(url)
    return wait_for(drv, "return window.ircTimings && window.ircTimings.load") / 1000


def paste(drv, text: str) -> float:
    drv.execute_script("const p = document.getElementById('paste'); p.value = arguments[0];"
                       "window.ircTimings.first = null; document.getElementById('run').click();", text)
    return wait_for(drv, "return window.ircTimings.first") / 1000


_FIRST_LABEL = """
const walker = document.createTreeWalker(document.querySelector('#ir'), NodeFilter.SHOW_TEXT);
for (let n = walker.nextNode(); n; n = walker.nextNode()) {
  const m = /%\\d+(?= = )/.exec(n.data);
  if (m && n.parentElement.closest('pre.ir')) {
    const r = document.createRange(); r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
    r.startContainer.parentElement.scrollIntoView({block: 'center'});
    const b = r.getBoundingClientRect();
    return [Math.round(b.left + b.width / 2), Math.round(b.top + b.height / 2), m[0]];
  }
}
return null;"""


def click_first_statement(drv) -> str:
    """Click the first `%N = …` of the annotated IR, as a person does; the explanation the page shows."""
    from selenium.webdriver.common.actions.action_builder import ActionBuilder

    found = drv.execute_script(_FIRST_LABEL)
    assert found, "no `%N = ` statement in the annotated IR"
    x, y, _ = drv.execute_script(_FIRST_LABEL)  # (again: scrolling moved it)
    actions = ActionBuilder(drv)
    actions.pointer_action.move_to_location(x, y).click()
    actions.perform()
    return wait_for(drv, "const e = document.querySelector('#ir pre.explain'); return e && e.textContent", timeout=30)


def test_a_pasted_sample_is_answered_coloured_with_stubs_and_a_link(browser, url, site):
    from selenium.webdriver.common.by import By

    text = (ROOT / "samples" / f"{SAMPLE}.ir").read_text(encoding="utf-8")
    cold_load = load(browser, url)
    cold_answer = paste(browser, text)
    painted = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#ir pre.ir span.warn, #ir pre.ir span.bad")]
    assert any(t.startswith("::") for t in painted), painted  # a statement's type, in @code_warntype's colours
    assert browser.find_element(By.ID, "errors").get_attribute("hidden") is not None
    stubs = browser.find_element(By.ID, "stubs").get_property("value")
    assert "declare " in stubs and "irc stubs" in stubs
    assert "answered with Julia 1.10's rules" in browser.find_element(By.ID, "summary").text
    fetched = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    assert fetched and all(u.startswith(url) for u in fetched), fetched  # nothing from outside the site
    explained = click_first_statement(browser)
    assert explained.startswith("irc explain %") and " in " in explained and "statement " in explained, explained
    link = browser.current_url
    assert "#v=&z=" in link
    shot = os.environ.get("IRC_PLAYGROUND_SCREENSHOT")
    if shot:
        browser.execute_script("window.scrollTo(0, 0)")
        browser.save_screenshot(shot)

    # the link reproduces the paste and its answer (the second load: the browser's cache is warm)
    warm_load = load(browser, link)
    warm_answer = wait_for(browser, "return window.ircTimings.first") / 1000
    assert browser.find_element(By.ID, "paste").get_property("value") == text
    assert browser.find_element(By.ID, "stubs").get_property("value") == stubs
    # the Julia version menu chooses the rules, and the link keeps the choice
    from selenium.webdriver.support.ui import Select

    Select(browser.find_element(By.ID, "julia")).select_by_value("1.12")
    wait_for(browser, "return /Julia 1\\.12's rules \\(--julia/.test(document.getElementById('summary').textContent)",
             timeout=60)
    wait_for(browser, "return location.hash.startsWith('#v=1.12&z=')", timeout=10)
    print(f"\nplayground: site {site.size / 1e6:.1f} MB; first load cold {cold_load:.1f} s, warm {warm_load:.1f} s; "
          f"first answer ({SAMPLE}) cold {cold_answer * 1000:.0f} ms, warm {warm_answer * 1000:.0f} ms")


def test_a_refused_paste_shows_the_located_error_with_its_caret(browser, url):
    from selenium.webdriver.common.by import By

    if not browser.execute_script("return window.ircTimings && window.ircTimings.load"):
        load(browser, url)
    paste(browser, "function f(x)\n1 ─ %1 = x +\n")
    errors = browser.find_element(By.ID, "error-list").text
    assert "paste.ir:2:13: error: the paste seems cut off after line 2" in errors
    assert "              ^" in errors and "Traceback" not in errors
    assert browser.find_element(By.ID, "result").get_attribute("hidden") is not None


def test_a_paste_over_the_limit_is_refused_without_running(browser, url):
    from selenium.webdriver.common.by import By

    if not browser.execute_script("return window.ircTimings && window.ircTimings.load"):
        load(browser, url)
    browser.execute_script("const p = document.getElementById('paste'); p.value = '# x\\n'.repeat(200001);"
                           "document.getElementById('run').click();")
    wait_for(browser, "return /too long/.test(document.getElementById('status').textContent)", timeout=30)
    assert "200,001 lines" in browser.find_element(By.ID, "error-list").text
