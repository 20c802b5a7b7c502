"""`irc report`'s page, read with an HTML parser: self-contained, the summary
agrees with `irc infer`'s own answers, one table row and one section per
function, links that land, escaped input, the IR exactly as `irc infer`
prints it."""
from __future__ import annotations

import io
import json
import re
from html import unescape

import pytest

from report_corpus import make_corpus, parse_html

from irc.cli.batch import cli_infer
from irc.cli.report import ReportOptions, report_main
from irc.output import colour as C
from irc.report.reportdata import CATEGORY_OF_CODE, category


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    root = tmp_path_factory.mktemp("corpus")
    return make_corpus(root)


@pytest.fixture(scope="module")
def page(corpus, tmp_path_factory):
    out = tmp_path_factory.mktemp("page") / "report.html"
    err = io.StringIO()
    code = report_main(corpus, str(out), ReportOptions(), stderr=err)
    assert code == 1, err.getvalue()  # broken.ir failed; the report is written all the same
    assert "1 failed" in err.getvalue()
    return out.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def dom(page):
    root, decl = parse_html(page)
    assert decl.lower() == "doctype html"
    return root


@pytest.fixture(scope="module")
def jsonl(corpus):
    """`irc infer --format jsonl` on the same corpus: the reference answers."""
    out, err = io.StringIO(), io.StringIO()
    cli_infer(corpus, format="jsonl", stdout=out, stderr=err)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_page_is_self_contained(dom, page):
    assert not [n for n in dom.iter() if "src" in n.attrs], "no element loads anything"
    assert not dom.find_all("link")
    hrefs = [n.attrs["href"] for n in dom.iter() if "href" in n.attrs]
    assert hrefs and all(h.startswith("#") for h in hrefs)
    style = "".join(n.text() for n in dom.find_all("style"))
    assert "url(" not in style and "@import" not in style
    assert len(dom.find_all("script")) == 1  # ours, inline


def test_hostile_names_and_strings_are_escaped(dom, page):
    assert "<script>alert" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    names = [a.text() for a in dom.find("table").find_all("a")]
    assert 'var"<b>"' in names


def test_summary_agrees_with_irc_infer(dom, jsonl, corpus):
    cards = {n.attrs["data-metric"]: n.find("span", cls="value").text() for n in dom.find_all(cls="card")}
    assert set(cards) >= {"files", "functions", "statements", "concrete", "any", "undef", "dispatch", "callee",
                          "errors"}
    assert cards["files"] == "7"  # 5 samples, the hostile file, the broken one
    assert int(cards["functions"]) == len(jsonl)
    assert int(cards["statements"].replace(",", "")) == sum(len(f["statements"]) for f in jsonl)
    codes = [d["code"] for f in jsonl for d in f["diagnostics"]]
    assert int(cards["any"]) == codes.count("type-instability") > 0
    assert int(cards["callee"]) == codes.count("unknown-callee") > 0
    assert int(cards["dispatch"]) == sum(category(c) == "dispatch" for c in codes)
    undef = sum("SLOT_USEDUNDEF" in s["flag_names"] for f in jsonl for s in f["slots"])
    assert int(cards["undef"]) == undef > 0
    assert int(cards["errors"]) >= 1


def test_category_is_one_mapping_with_a_default():
    assert category("type-instability") == "any"
    assert category("maybe-undef") == category("undef") == "undef"
    assert category("unknown-callee") == "callee"
    assert category("runtime-dispatch") == "dispatch"
    assert category("no-method") == "other" and category("a-code-from-tomorrow") == "other"
    assert set(CATEGORY_OF_CODE.values()) <= {"any", "undef", "dispatch", "callee", "other"}


def test_every_categorised_code_is_one_irc_makes():
    """A renamed diagnostic code cannot leave its card silently at 0: every
    code the mapping names is in docs/semantics.md's table of codes."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "semantics.md").read_text(encoding="utf-8")
    table = text[text.index("### Diagnostic codes"):]
    documented = set(re.findall(r"`([a-z][a-z-]+)`", "\n".join(
        line.split("|")[1] for line in table.splitlines() if line.startswith("| `"))))
    assert set(CATEGORY_OF_CODE) <= documented


def test_table_has_one_sortable_row_per_function_worst_first(dom, jsonl):
    table = dom.find("table", id="functions-table")
    heads = table.find("thead").find_all("th")
    assert [h.text() for h in heads] == ["#", "File", "Function", "Statements", "Return type", "Non-concrete",
                                         "Flags", "Diagnostics", "Julia vs irc"]  # the corpus is @code_warntype
    assert all(h.attrs["data-type"] in ("num", "text") and h.find_all("button") for h in heads)
    rows = table.find("tbody").find_all("tr")
    assert len(rows) == len(jsonl)
    keys = [[td.attrs["data-key"] for td in r.find_all("td")] for r in rows]
    assert all(len(k) == len(heads) for k in keys)
    assert [int(k[0]) for k in keys] == list(range(1, len(rows) + 1))
    # worst first: the first row has the most red statements of all
    red = [len([s for s in r.find_all("span", cls="bad")]) and int(r.find("span", cls="bad").text()) for r in rows]
    assert red[0] == max(red) > 0
    assert red[-1] == 0
    # numeric keys parse as numbers; each row's statements are irc infer's for that function
    size = {(f["file"], f["name"]): len(f["statements"]) for f in jsonl}
    for k, r in zip(keys, rows):
        name = r.find("a").text().replace('var"<b>"', "<b>")
        assert int(k[3]) == size[(k[1], name)]
        float(k[5]), float(k[6]), float(k[7])


def test_every_link_lands_and_rows_link_to_their_function(dom):
    ids = {n.attrs["id"] for n in dom.iter() if "id" in n.attrs}
    for n in dom.iter():
        if "href" in n.attrs:
            assert n.attrs["href"][1:] in ids, n.attrs["href"]
    for r in dom.find("table", id="functions-table").find("tbody").find_all("tr"):
        target = r.find("a").attrs["href"][1:]
        assert target == r.attrs["data-fn"]
        assert dom.find("details", id=target)


def test_diagnostics_link_to_their_marked_line(dom):
    box = next(d for d in dom.find_all("details", cls="fn") if "make_and_run" in d.find("summary").text())
    items = box.find("ul", cls="diags").find_all("li")
    assert items
    for li in items:
        href = li.find("a").attrs["href"][1:]
        line = dom.find(id=href)
        assert "line" in line.classes() and "flagged" in line.classes()
        src = int(href.rsplit("-L", 1)[1])
        assert line.find("span", cls="ln").text() == str(src)
        assert li.find("a").text().endswith(f":{src}:{li.find('a').text().rsplit(':', 1)[1]}")


def test_annotated_ir_is_irc_infers_text_with_its_colours(dom, corpus, tmp_path):
    out, err = io.StringIO(), io.StringIO()
    cli_infer([corpus[0] + "/union_accumulator.ir"], color="never", stdout=out, stderr=err)
    plain = out.getvalue()
    box = next(d for d in dom.find_all("details", cls="fn") if "half_sum" in d.find("summary").text())
    pre = box.find("pre", cls="ir")
    text = pre.text(skip_class="ln")
    assert text.strip() and text + "\n" in plain + "\n"
    assert "# entry #2:" in text and "SLOT_USED" in text  # entry states and flags are there
    # colours: the union-typed slot `s` is yellow, concrete types cyan, as @code_warntype paints them
    spans = {(s.attrs.get("class"), s.text()) for s in pre.find_all("span")}
    assert (C.WARN, "::Union{Float64, Int64}") in spans
    assert (C.GOOD, "::Int64") in spans


def test_failed_file_is_listed_with_its_located_error(dom):
    section = dom.find("section", id="failed")
    art = section.find("article", cls="failed")
    assert art.find("h3").text().endswith("broken.ir")
    err = art.find("div", cls="msg").text()
    assert re.search(r"broken\.ir:2:\d+: error: .*%9", err), err
    src = art.find("pre", cls="src").text()  # the source line and its caret, in one unwrapped block
    assert re.fullmatch(r"  .*\n *\^~*", src), src


def test_chart_is_inline_svg_with_one_linked_dot_per_function(dom, jsonl):
    svg = dom.find("svg", id="scatter")
    dots = svg.find_all("circle")
    assert len(dots) == len(jsonl)
    assert {d.attrs["class"].split()[1] for d in dots} <= {C.GOOD, C.WARN, C.BAD}
    assert all(d.parent.tag == "a" and d.find_all("title") for d in dots)
    where = dom.find("svg", id="where")
    assert len(where.find_all("text", cls="label")) == 2  # two directories have non-concrete statements


def test_same_corpus_same_bytes(corpus, page, tmp_path):
    out = tmp_path / "again.html"
    assert report_main(corpus, str(out), ReportOptions(), jobs=2, stderr=io.StringIO()) == 1
    assert out.read_text(encoding="utf-8") == page


def test_segments_inverts_paint():
    text = "x" + C.paint("::Int64", C.GOOD, True) + C.paint("::Any", C.BAD, True) + C.paint("# ?", "comment", True)
    assert C.segments(text) == [(None, "x"), (C.GOOD, "::Int64"), (C.BAD, "::Any"), ("comment", "# ?")]
    assert "".join(t for _, t in C.segments(text)) == C.strip_ansi(text)
    assert unescape("&lt;") == "<"


def test_paths_are_shown_below_the_directory_all_inputs_share(dom, corpus):
    from irc.report.reportdata import common_prefix

    assert common_prefix(["/a/b/x.ir", "/a/b/c/y.ir"]) == "/a/b/"
    assert common_prefix(["/a/bc/x.ir", "/a/bd/y.ir"]) == "/a/"
    assert common_prefix(["x.ir", "y.ir"]) == common_prefix(["/a/b/x.ir"]) == ""
    shared = corpus[0].rsplit("/", 1)[0] + "/"  # the corpus root: pkg/ and more/ below it
    cells = dom.find("table", id="functions-table").find("tbody").find_all("td", cls="path")
    assert cells and all(c.attrs["data-key"].startswith(shared) for c in cells)  # sorting keeps the full path
    assert all(c.text().startswith(("pkg/", "more/")) for c in cells)
    assert f"paths below {shared}" in dom.find("p", cls="meta").text()
