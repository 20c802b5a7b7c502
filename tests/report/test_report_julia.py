"""The report's "Julia vs irc" column: the numbers `irc infer --check` gives, per function, on samples of
known agreement; absent when no input carries Julia's types; sortable by the disagreements; the summary
card; the disagreements listed in the function's section as `irc infer --check` prints them."""
from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

from report_corpus import parse_html

from irc.cli.report import ReportOptions, report_main

ROOT = Path(__file__).resolve().parents[2]
UNION = "union_accumulator.ir"  # irc infer --check: 14 agree, 0 differ
R018 = "r018_issue41211_throw_v1_6.ir"  # 2 agree, 1 differ (%1: Julia 1.6 left a throw-block call Any)
LOWERED = "egal_floats.ir"  # @code_lowered: nothing to compare


def _page(tmp_path, names):
    paths = []
    for name in names:
        src = ROOT / "samples" / name if (ROOT / "samples" / name).exists() else ROOT / "samples" / "real" / name
        shutil.copy(src, tmp_path / name)
        paths.append(str(tmp_path / name))
    out = tmp_path / "report.html"
    assert report_main(paths, str(out), ReportOptions(), stderr=io.StringIO()) == 0
    return parse_html(out.read_text(encoding="utf-8"))[0]


def _column(dom):
    table = dom.find("table", id="functions-table")
    heads = [h.text() for h in table.find("thead").find_all("th")]
    if "Julia vs irc" not in heads:
        return None
    k = heads.index("Julia vs irc")
    rows = table.find("tbody").find_all("tr")
    return {r.find("a").text(): (r.find_all("td")[k].text(), r.find_all("td")[k].attrs["data-key"]) for r in rows}


def _check(path):
    from irc.cli.batch import cli_infer

    out, err = io.StringIO(), io.StringIO()
    cli_infer([path], check=True, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_column_counts_what_irc_infer_check_counts(tmp_path):
    dom = _page(tmp_path, [UNION, R018, LOWERED])
    col = _column(dom)
    assert col is not None
    by_text = sorted(v for v in col.values())
    assert ("14/14", "0") in by_text and ("2/3", "1") in by_text
    assert ("–", "-1") in by_text  # the @code_lowered function: nothing to compare, keyed below full agreement
    card = [n for n in dom.find_all(cls="card") if n.attrs["data-metric"] == "julia"]
    assert card and card[0].find("span", cls="value").text() == f"{100 * 16 / 17:.1f}%"
    assert "16 of 17" in card[0].text()
    # the disagreement, in the function's section, exactly as `irc infer --check` prints it (with its why)
    out, _ = _check(str(tmp_path / R018))
    out, summary = out.rstrip("\n").rsplit("\n", 1)  # the mismatches, then `2 agree, 1 differ`
    assert summary == "2 agree, 1 differ" and "why:" in out and "irc explain" in out
    listed = [p.text() for p in dom.find_all("pre", cls="mismatches")]
    assert listed == [out]
    notes = [p.text() for p in dom.find_all("p", cls="julia")]
    assert "Julia vs irc: 2 of 3 printed types agree, 1 differ:" in notes
    assert "Julia vs irc: 14 of 14 printed types agree." in notes


def test_column_and_card_absent_without_printed_types(tmp_path):
    dom = _page(tmp_path, [LOWERED])
    assert _column(dom) is None
    assert not [n for n in dom.find_all(cls="card") if n.attrs["data-metric"] == "julia"]
    assert not dom.find_all("p", cls="julia")


def test_column_sorts_as_a_number_by_disagreements(tmp_path):
    dom = _page(tmp_path, [UNION, R018])
    th = dom.find("table", id="functions-table").find("thead").find_all("th")[-1]
    assert th.text() == "Julia vs irc" and th.attrs["data-type"] == "num"
    keys = {v[1] for v in _column(dom).values()}
    assert keys == {"0", "1"}


def test_long_error_message_wraps_and_its_caret_block_stays_whole():
    from irc.report.reporthtml import _CSS, error_html

    err = "x.ir:3:40: error: " + "word " * 100 + "\n  %1 = " + "a" * 300 + "\n  " + " " * 39 + "^~~"
    dom = parse_html("<div>" + error_html(err) + "</div>")[0]
    msg, src = dom.find("div", cls="msg"), dom.find("pre", cls="src")
    assert msg.text() == err.split("\n")[0]
    lines = src.text().split("\n")
    assert lines == err.split("\n")[1:] and lines[1].index("^") == 41  # the caret under its column
    css = re.sub(r"\s+", "", _CSS)
    assert "div.errors.msg{white-space:pre-wrap;overflow-wrap:anywhere}" in css
    assert "div.errors pre.src{margin:0;white-space:pre;overflow-x:auto" in re.sub(r"\s+", " ", _CSS)
