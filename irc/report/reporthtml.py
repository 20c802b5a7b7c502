"""`irc report`: the whole corpus as one self-contained HTML page.

    render_report(files, meta) -> str

The page, top to bottom: a summary (files, functions, statements, share of
typed statements with a concrete type, Any statements, maybe-undefined
locals, runtime dispatches, unknown callees, other warnings, errors, and
the agreement with the types Julia printed when an input carries them); the
pictures (`irc.report.reportchart`, inline SVG); the sortable table of
functions, worst first (`irc.report.reporttable`); the files that failed,
with their located errors as `irc infer` prints them; and per function a
collapsible section with its diagnostics, each linked to its line, its
disagreements with Julia's printed types (as `irc infer --check` prints
them), and its
annotated IR in `@code_warntype` layout and colours -- the runs of
`irc.output.colour.segments` become `<span class="good|warn|bad|comment">`.

Self-contained: the style sheet and the short script (column sorting,
opening a function's section when a link points into it) are inline; no
URL outside the page is referenced, so it works opened from disk and with
no network.  Without scripts the page still reads in the default order.

Invariants: pure (data in, string out) and deterministic -- no clock, no
randomness -- so the same corpus gives the same bytes whatever ran the
analysis (`--jobs`, `--scheduler`); every text from the input is escaped;
stripping the tags of a function's IR and unescaping gives `irc infer`'s
plain text for it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape

from irc.output import colour as C
from irc.report.reportchart import scatter_svg, where_svg
from irc.report.reportdata import CATEGORIES, FileReport, FunctionReport, Summary, common_prefix, summarise
from irc.report.reporttable import table_html


@dataclass(frozen=True, slots=True)
class ReportMeta:
    title: str = "irc report"
    version: str = ""
    options: str = ""  # how the analysis ran, as the command line said it (e.g. `--state block`)


# ---------------------------------------------------------------- summary


def _card(metric: str, label: str, value: str, note: str = "", level: str = "") -> str:
    cls = f"card level-{level}" if level else "card"
    note_html = f'<span class="note">{escape(note)}</span>' if note else ""
    return (f'<div class="{cls}" data-metric="{metric}"><dt>{escape(label)}</dt>'
            f'<dd><span class="value">{escape(value)}</span>{note_html}</dd></div>')


def summary_html(s: Summary) -> str:
    share = s.concrete_share
    cards = [
        _card("files", "Files", f"{s.files:,}", f"{s.failed_files:,} failed" if s.failed_files else "all inferred"),
        _card("functions", "Functions", f"{s.functions:,}"),
        _card("statements", "Statements", f"{s.statements:,}", f"{s.typed:,} reached with a type"),
        _card("concrete", "Concrete", "–" if share is None else f"{100 * share:.1f}%",
              f"{s.concrete:,} of {s.typed:,} typed statements",
              "" if share is None else C.GOOD if share == 1 else C.WARN if share >= 0.9 else C.BAD),
        _card("any", "Any statements", f"{s.count('any'):,}", "type instability", C.BAD if s.count("any") else ""),
        _card("undef", "Maybe-undefined locals", f"{s.undef_locals:,}",
              f"{s.count('undef'):,} reads warned", C.WARN if s.undef_locals else ""),
        _card("dispatch", "Runtime dispatches", f"{s.count('dispatch'):,}"),
        _card("callee", "Unknown callees", f"{s.count('callee'):,}", "declare them to type the calls"),
        _card("other", "Other warnings", f"{s.count('other'):,}"),
        _card("errors", "Errors", f"{s.errors:,}", f"in {s.failed_files:,} file{'s' if s.failed_files != 1 else ''}",
              C.BAD if s.errors else ""),
    ]
    if s.julia_share is not None:
        cards.append(_card("julia", "Julia vs irc", f"{100 * s.julia_share:.1f}%",
                           f"{s.julia_agree:,} of {s.julia_compared:,} printed types agree",
                           C.GOOD if s.julia_share == 1 else C.WARN if s.julia_share >= 0.9 else C.BAD))
    return '<dl class="cards">\n' + "\n".join(cards) + "\n</dl>"


# ---------------------------------------------------------------- annotated IR


def style_sheet() -> str:
    """The page's style sheet (also the playground's, `irc.api`: the same colours)."""
    return _CSS


def painted_html(text: str) -> str:
    """ANSI-painted text (`irc.output.colour.paint`) as escaped HTML spans."""
    out = []
    for level, run in C.segments(text):
        t = escape(run, quote=False)
        out.append(f'<span class="{level}">{t}</span>' if level else t)
    return "".join(out)


def ir_html(anchor: str, f: FunctionReport, messages: dict[int, list[str]]) -> tuple[str, set[int]]:
    """The function's annotated IR as a `<pre>`; each body line shows its
    input line number in a gutter, the first printed line of each input line
    gets the id `ANCHOR-L<line>`, and lines with diagnostics are marked and
    carry them as a tooltip.  Returns the HTML and the input lines that got
    an id (the links diagnostics may point to)."""
    seen: set[int] = set()
    out = []
    for ln in f.lines:
        src = ln.source_line
        gutter = f"{src}" if src is not None else ""
        attrs, cls = "", "line"
        if src is not None and src not in seen:
            seen.add(src)
            attrs = f' id="{anchor}-L{src}"'
            if src in messages:
                cls += " flagged"
                attrs += f' title="{escape(chr(10).join(messages[src]))}"'
        out.append(f'<span class="{cls}"{attrs}><span class="ln">{gutter}</span>{painted_html(ln.text)}\n</span>')
    if f.omitted_lines:
        out.append(f'<span class="line omitted"><span class="ln"></span>… {f.omitted_lines:,} more lines '
                   f'(irc infer prints them all)\n</span>')
    return '<pre class="ir">' + "".join(out) + "</pre>", seen


def function_html(path: str, anchor: str, f: FunctionReport, prefix: str = "") -> str:
    messages: dict[int, list[str]] = {}
    for d in f.diagnostics:
        if d.line is not None:
            messages.setdefault(d.line, []).append(f"{d.severity}: {d.message}")
    ir, linked = ir_html(anchor, f, messages)
    items = []
    for d in f.diagnostics:
        where = f"{path}:{d.line}:{d.column}" if d.line is not None else path
        loc = (f'<a href="#{anchor}-L{d.line}">{escape(where)}</a>' if d.line in linked
               else f"<span>{escape(where)}</span>")
        items.append(f'<li class="diag {escape(d.severity)} cat-{d.category}">{loc} '
                     f'<code>{escape(d.code or d.severity)}</code> {escape(d.message)}</li>')
    diags = f'<ul class="diags">{"".join(items)}</ul>' if items else '<p class="clean">No diagnostics.</p>'
    if f.julia_compared:
        diags += "\n" + julia_html(f)
    worst = C.BAD if f.bad else C.WARN if f.warn else C.GOOD
    badge = (f'<span class="badge {worst}">{f.non_concrete} non-concrete</span>' if f.non_concrete
             else '<span class="badge good">all concrete</span>')
    return (f'<details class="fn" id="{anchor}"><summary><span class="path" title="{escape(path)}">'
            f'{escape(path[len(prefix):])}:{f.line}</span> '
            f'<b>{escape(f.name)}</b> <code>{escape(f.signature)}</code> {badge}</summary>\n'
            f"{diags}\n{ir}\n</details>")


def julia_html(f: FunctionReport) -> str:
    """The comparison with Julia's printed types: the count, then each disagreement as
    `irc infer --check` prints it (`file:line:col: %7 inferred T, Julia printed U`, its why)."""
    head = (f'<p class="julia">Julia vs irc: {f.julia_agree} of {f.julia_compared} printed types agree'
            f'{", " + str(f.julia_differ) + " differ:" if f.julia_differ else "."}</p>')
    if not f.julia_mismatches:
        return head
    return head + '<pre class="mismatches">' + escape("\n".join(f.julia_mismatches), quote=False) + "</pre>"


_CARET = re.compile(r" *\^~*")


def error_html(error: str) -> str:
    """One located error as `irc infer` prints it: its message lines wrap
    (`div.msg`), its source line and caret line stay in one unwrapped block
    that scrolls sideways as a whole (`pre.src`), so the caret stays under
    its column whatever the width (docs/report.md, "Decisions")."""
    lines = error.split("\n")
    out, k = [], 0
    while k < len(lines):
        if k + 1 < len(lines) and _CARET.fullmatch(lines[k + 1]):
            out.append(f'<pre class="src">{escape(lines[k], quote=False)}\n'
                       f'{escape(lines[k + 1], quote=False)}</pre>')
            k += 2
        else:
            out.append(f'<div class="msg">{escape(lines[k], quote=False)}</div>')
            k += 1
    return "".join(out)


def failures_html(files: list[FileReport]) -> str:
    failed = [(i, fr) for i, fr in enumerate(files) if fr.failed]
    if not failed:
        return '<p class="clean">Every file was parsed and inferred.</p>'
    parts = [f'<article class="failed" id="file-{i}"><h3>{escape(fr.path)}</h3>'
             f'<div class="errors">{"".join(error_html(e) for e in fr.errors)}</div></article>'
             for i, fr in failed]
    return "\n".join(parts)


# ---------------------------------------------------------------- page


def render_report(files: list[FileReport], meta: ReportMeta = ReportMeta()) -> str:
    """The whole page (see the module doc)."""
    s = summarise(files)
    prefix = common_prefix(fr.path for fr in files)
    charts = []
    scatter, cap = scatter_svg(files, prefix=prefix)
    if s.functions:
        charts.append(f'<figure>{scatter}<figcaption>{escape(cap)}</figcaption></figure>')
    where = where_svg(files, prefix=prefix)
    if where is not None:
        charts.append(f'<figure>{where[0]}<figcaption>{escape(where[1])}</figcaption></figure>')
    details = "\n".join(function_html(fr.path, f"f{i}-{j}", f, prefix)
                        for i, fr in enumerate(files) for j, f in enumerate(fr.functions))
    about = " · ".join(x for x in (f"irc {meta.version}" if meta.version else "", meta.options,
                                   f"paths below {prefix}" if prefix else "") if x)
    legend = "".join(f'<span class="chip cat-{c}">{escape(label)}</span> ' for c, label in CATEGORIES)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="irc report">
<title>{escape(meta.title)}</title>
<style>{_CSS}</style>
</head>
<body>
<header><h1>{escape(meta.title)}</h1><p class="meta">{escape(about)}</p></header>
<main>
<section id="summary"><h2>Summary</h2>
{summary_html(s)}
</section>
<section id="charts"><h2>Where the instability is</h2>
<div class="charts">{chr(10).join(charts) or '<p class="clean">No function was inferred.</p>'}</div>
</section>
<section id="functions"><h2>Functions</h2>
<p class="help">Worst first: red statements, then yellow ones, then maybe-undefined locals, then diagnostics.
Click a column's title to sort by it (again to reverse); click a function for its annotated IR.
Diagnostic kinds: {legend}</p>
{table_html(files, prefix)}
</section>
<section id="failed"><h2>Files that failed</h2>
{failures_html(files)}
</section>
<section id="details"><h2>Annotated IR</h2>
<p class="help">As <code>irc infer</code> prints it, coloured like <code>@code_warntype</code>: cyan concrete,
yellow a small union of concrete types, red abstract; <code># entry #B</code> lines give each block's entry state,
slot lines their flags. The gutter shows the input line; marked lines have diagnostics (hover them).</p>
{details}
</section>
</main>
<script>{_JS}</script>
</body>
</html>
"""


_CSS = """
:root{--good:#0b7f93;--warn:#a86b00;--bad:#c0262d;--comment:#6b7280;--bg:#fff;--fg:#1f2328;--line:#d0d7de;--soft:#f6f8fa}
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
header{padding:14px 24px;border-bottom:1px solid var(--line);background:var(--soft)}
h1{margin:0;font-size:20px}h2{font-size:17px;margin:22px 0 10px}h3{font-size:14px;margin:10px 0 4px}
.meta{margin:2px 0 0;color:var(--comment)}
main{padding:0 24px 40px;max-width:1400px}
code,pre{font:12.5px/1.4 ui-monospace,"DejaVu Sans Mono",Menlo,Consolas,monospace}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(165px,1fr));gap:10px;margin:0}
.card{border:1px solid var(--line);border-left:4px solid var(--line);border-radius:6px;padding:8px 12px;background:var(--bg)}
.card dt{color:var(--comment);font-size:12px}.card dd{margin:0}.card .value{font-size:22px;font-weight:600;display:block}
.card .note{color:var(--comment);font-size:12px}
.card.level-good{border-left-color:var(--good)}.card.level-warn{border-left-color:var(--warn)}.card.level-bad{border-left-color:var(--bad)}
.card.level-good .value{color:var(--good)}.card.level-warn .value{color:var(--warn)}.card.level-bad .value{color:var(--bad)}
figure{margin:0;flex:1 1 420px;max-width:640px}
.charts{display:flex;flex-wrap:wrap;gap:14px;align-items:flex-start}
figcaption{color:var(--comment);font-size:12px;max-width:600px}
svg.chart{width:100%;height:auto;background:var(--soft);border:1px solid var(--line);border-radius:6px}
svg .grid{stroke:#d8dee4;stroke-width:1}svg .tick,svg .label,svg .value{font-size:11px;fill:#57606a}
svg .axis{font-size:12px;fill:#57606a}
svg .dot{fill-opacity:.7;stroke:#fff;stroke-width:.5}svg .dot.good,svg .bar.good{fill:var(--good)}
svg .dot.warn,svg .bar.warn{fill:var(--warn)}svg .dot.bad,svg .bar.bad{fill:var(--bad)}
svg a:hover .dot{stroke:#000;stroke-width:1.5}
.help{color:var(--comment);margin:4px 0 8px}
table{border-collapse:collapse;width:100%;font-size:13px}
td{overflow-wrap:anywhere}
th,td{border-bottom:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}
td.num{text-align:right;white-space:nowrap}td.path{color:var(--comment);min-width:14ch}
thead th{position:sticky;top:0;background:var(--soft);z-index:1}
th button{all:unset;cursor:pointer;font-weight:600;white-space:nowrap}
th button:focus-visible{outline:2px solid var(--good)}
th[aria-sort=ascending] button::after{content:" \\25B2"}th[aria-sort=descending] button::after{content:" \\25BC"}
tbody tr:hover{background:var(--soft)}
.good{color:var(--good)}.warn{color:var(--warn);font-weight:600}.bad{color:var(--bad);font-weight:600}.comment{color:var(--comment)}
.chip{display:inline-block;border-radius:9px;padding:0 7px;font-size:11px;background:#eef1f4;color:#24292f;margin:1px 0}
.chip.cat-any{background:#fde2e1;color:#8b1a1f}.chip.cat-undef{background:#fff0c2;color:#6b4a00}
.chip.cat-dispatch{background:#e6e1fd;color:#3c2a8b}.chip.cat-callee{background:#dff3f6;color:#0b5563}
details.fn{border:1px solid var(--line);border-radius:6px;margin:6px 0;background:var(--bg)}
details.fn>summary{cursor:pointer;padding:6px 10px;background:var(--soft);border-radius:6px}
details.fn[open]>summary{border-bottom:1px solid var(--line);border-radius:6px 6px 0 0}
details.fn .path{color:var(--comment)}
.badge{font-size:11px;border-radius:9px;padding:0 7px;border:1px solid currentColor;font-weight:500}
ul.diags{margin:8px 10px;padding-left:18px}ul.diags li{margin:2px 0}
.clean{color:var(--comment);margin:8px 10px}
pre.ir{margin:0;padding:8px 0;overflow-x:auto;background:var(--bg)}
div.errors{padding:8px 10px;background:#fff5f5;border:1px solid #f2c4c4;border-radius:6px;min-width:0;
  font:12.5px/1.4 ui-monospace,"DejaVu Sans Mono",Menlo,Consolas,monospace}
div.errors .msg{white-space:pre-wrap;overflow-wrap:anywhere}
div.errors pre.src{margin:0;white-space:pre;overflow-x:auto;max-width:100%}
p.julia{margin:8px 10px}.julia .differ{color:var(--bad);font-weight:600}.julia .agree{color:var(--good)}
pre.mismatches{margin:4px 10px 8px;white-space:pre-wrap;overflow-wrap:anywhere;color:var(--bad)}
.line{display:block;padding-right:10px}
.ln{display:inline-block;width:5ch;margin-right:1.5ch;text-align:right;color:#afb8c1;user-select:none}
.line.flagged{background:#fff8e1}.line.flagged .ln{color:var(--bad);font-weight:600}
.line:target{background:#ffe58f;outline:1px solid var(--warn)}
.line.omitted{color:var(--comment);font-style:italic}
article.failed{margin:8px 0}article.failed h3{overflow-wrap:anywhere}
"""

_JS = """
(function(){
  var table=document.getElementById('functions-table');
  if(table){
    var ths=table.tHead.rows[0].cells;
    Array.prototype.forEach.call(ths,function(th,col){
      th.querySelector('button').addEventListener('click',function(){
        var num=th.getAttribute('data-type')==='num';
        var cur=th.getAttribute('aria-sort');
        var dir=cur==='none'?(num&&col>0?'descending':'ascending'):(cur==='ascending'?'descending':'ascending');
        var body=table.tBodies[0];
        var rows=Array.prototype.slice.call(body.rows);
        var sign=dir==='ascending'?1:-1;
        rows.sort(function(a,b){
          var x=a.cells[col].getAttribute('data-key'),y=b.cells[col].getAttribute('data-key');
          var c=num?(parseFloat(x)-parseFloat(y)):x.localeCompare(y);
          if(c===0){c=(parseFloat(a.cells[0].getAttribute('data-key'))-parseFloat(b.cells[0].getAttribute('data-key')))*sign;}
          return c*sign;
        });
        rows.forEach(function(r){body.appendChild(r);});
        Array.prototype.forEach.call(ths,function(h){h.setAttribute('aria-sort','none');});
        th.setAttribute('aria-sort',dir);
      });
    });
  }
  function openTarget(){
    var id=decodeURIComponent(location.hash.slice(1));
    var el=id&&document.getElementById(id);
    if(!el)return;
    for(var d=el;d;d=d.parentElement){if(d.tagName==='DETAILS')d.open=true;}
    el.scrollIntoView({block:'center'});
  }
  window.addEventListener('hashchange',openTarget);
  openTarget();
})();
"""
