// The irc playground: Pyodide from ./pyodide/, irc's and lark's wheels from ./wheels/ unpacked into
// its site-packages, then `irc.api.analyse` on the paste. No network beyond this folder.
// The paste lives in the URL fragment: #v=<julia>&z=<base64url of deflate-raw(UTF-8 text)>.
"use strict";
(() => {
  const MAX_LINES = 200000;
  const MAX_FRAGMENT = 1500000; // characters of the URL's fragment (browsers refuse URLs of a few MB)
  const AUTO_LINES = 20000; // longer pastes wait for the button (a run blocks the tab meanwhile)
  const $ = (id) => document.getElementById(id);
  const timings = (window.ircTimings = { load: null, first: null, last: null });
  let run = null; // the Python function: (text, julia) -> JSON text of irc.api.Result
  let why = null; // (text, julia, function index, "%N" or slot) -> irc explain's text ("" for no such name)
  let shown = null; // the text and version of the answer on the page (what a click explains)
  let examples = {};

  const status = (msg) => { $("status").textContent = msg; };
  const lineCount = (t) => { let n = 0; for (let i = t.indexOf("\n"); i >= 0; i = t.indexOf("\n", i + 1)) n++; return n + (t && !t.endsWith("\n") ? 1 : 0); };

  // ---------------------------------------------------------------- the link
  const b64url = (bytes) => { let s = ""; for (const b of bytes) s += String.fromCharCode(b); return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""); };
  const unb64url = (s) => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  async function pipe(bytes, stream) { return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer()); }
  async function fragmentOf(text, julia) {
    const z = b64url(await pipe(new TextEncoder().encode(text), new CompressionStream("deflate-raw")));
    return "#" + new URLSearchParams({ v: julia, z }).toString();
  }
  async function readFragment() {
    const p = new URLSearchParams(location.hash.slice(1));
    if (!p.get("z")) return null;
    try {
      const text = new TextDecoder().decode(await pipe(unb64url(p.get("z")), new DecompressionStream("deflate-raw")));
      return { text, julia: p.get("v") || "" };
    } catch (e) { status("The link's paste could not be read (cut short?)."); return null; }
  }

  // ---------------------------------------------------------------- Python
  async function boot() {
    const t0 = performance.now();
    const manifest = await (await fetch("playground.json")).json();
    const py = await loadPyodide({ indexURL: new URL("pyodide/", location.href).href });
    const site = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
    for (const w of manifest.wheels) {
      const r = await fetch(w);
      if (!r.ok) throw new Error(`${w}: ${r.status}`);
      py.unpackArchive(await r.arrayBuffer(), "wheel", { extractDir: site });
    }
    py.runPython(`
import json
from irc.api import MAX_LINES, Options, analyse, explain
from irc.report.reporthtml import style_sheet

def _irc_run(text, julia):
    try:
        return json.dumps(analyse(text, Options(julia=julia or None), max_lines=MAX_LINES).as_dict())
    except BaseException as e:  # the page shows a sentence, never a traceback
        return json.dumps({"ok": False, "errors": [f"paste.ir: error: internal error: {type(e).__name__}: {e}"]})

def _irc_explain(text, julia, function, name):
    try:
        return explain(text, function, name, Options(julia=julia or None))
    except BaseException as e:
        return f"internal error: {type(e).__name__}: {e}"
`);
    run = py.globals.get("_irc_run");
    why = py.globals.get("_irc_explain");
    const style = document.createElement("style");
    style.textContent = py.runPython("style_sheet()") + "\nbody{max-width:1200px}";
    document.head.prepend(style); // the report's colours; the page's own rules (later) win
    examples = await (await fetch("examples.json")).json();
    for (const name of manifest.examples) $("examples").add(new Option(name, name));
    timings.load = performance.now() - t0;
    status(`Ready: Python and irc loaded in ${(timings.load / 1000).toFixed(1)} s (Pyodide ${manifest.pyodide}).`);
    for (const id of ["run", "share"]) $(id).disabled = false;
  }

  // ---------------------------------------------------------------- one answer
  function show(r) {
    const hidden = (id, h) => { $(id).hidden = h; };
    hidden("errors", r.ok); hidden("result", !r.ok);
    if (!r.ok) {
      $("error-list").replaceChildren(...(r.errors || []).map((e) => { const p = document.createElement("pre"); p.textContent = e; return p; }));
      return;
    }
    $("summary").textContent = `${r.functions} function${r.functions === 1 ? "" : "s"}, answered with Julia ${r.julia}'s rules (${r.julia_evidence}).`;
    hidden("diagnostics", !r.diagnostics.length);
    $("diagnostic-list").textContent = r.diagnostics.join("\n");
    const compared = !/nothing to compare/.test(r.check);
    hidden("check", !compared);
    $("check-line").textContent = r.check;
    $("mismatches").textContent = r.mismatches.join("\n");
    $("ir").innerHTML = r.html; // irc's renderer escapes every text from the paste
    for (const d of $("ir").querySelectorAll("details.fn")) d.open = true;
    $("stubs").value = r.stubs;
  }

  async function analyse() {
    if (!run) return;
    const text = $("paste").value, julia = $("julia").value;
    const n = lineCount(text);
    if (n > MAX_LINES) {
      show({ ok: false, errors: [`This paste has ${n.toLocaleString("en")} lines: more than the ${MAX_LINES.toLocaleString("en")} this page reads without freezing the tab. Run \`irc infer\` on it instead.`] });
      status("Not analysed: too long for the page.");
      return;
    }
    status("Analysing…");
    await new Promise((r) => setTimeout(r, 0)); // let the status paint before Python blocks the tab
    const t0 = performance.now();
    let r;
    try { r = JSON.parse(run(text, julia)); }
    catch (e) { r = { ok: false, errors: ["paste.ir: error: internal error: " + String(e.message || e).trim().split("\n").pop()] }; }
    const ms = performance.now() - t0;
    timings.last = ms; if (timings.first === null) timings.first = ms;
    show(r);
    shown = { text, julia };
    status(`${r.ok ? "Answered" : "Refused"} in ${ms < 1000 ? ms.toFixed(0) + " ms" : (ms / 1000).toFixed(1) + " s"} (${n.toLocaleString("en")} lines).`);
    const frag = text ? await fragmentOf(text, julia) : "";
    if (frag.length > MAX_FRAGMENT) { status($("status").textContent + " Too long to keep in a link."); return; }
    try { history.replaceState(null, "", frag || location.pathname + location.search); }
    catch (e) { status($("status").textContent + " Too long to keep in a link."); }
  }

  // ---------------------------------------------------------------- explain on click
  const TOKEN = /[\p{L}\p{N}_@#%!]/u;
  function wordAt(x, y) {
    const range = document.caretRangeFromPoint ? document.caretRangeFromPoint(x, y) : null;
    if (!range || range.startContainer.nodeType !== Node.TEXT_NODE) return "";
    const t = range.startContainer.data;
    let a = range.startOffset, b = range.startOffset;
    while (a > 0 && TOKEN.test(t[a - 1])) a--;
    while (b < t.length && TOKEN.test(t[b])) b++;
    return t.slice(a, b);
  }
  $("ir").addEventListener("click", (e) => {
    const pre = e.target.closest("pre.ir"), fn = e.target.closest("details.fn");
    if (!pre || !fn || !why || !shown) return;
    const name = wordAt(e.clientX, e.clientY).replace(/^::.*/, "");
    if (!/^%\d+$/.test(name) && !/^[\p{L}_#@][\p{L}\p{N}_@#!]*$/u.test(name)) return;
    let answer;
    try { answer = why(shown.text, shown.julia, Number(fn.id.slice(1)), name); }
    catch (err) { answer = "internal error: " + String(err.message || err).trim().split("\n").pop(); }
    if (!answer) return; // not a statement or slot of this function
    let box = fn.querySelector("pre.explain");
    if (!box) { box = document.createElement("pre"); box.className = "explain"; pre.before(box); }
    box.textContent = `irc explain ${name}:\n` + answer;
  });

  // ---------------------------------------------------------------- wiring
  let timer = null;
  const soon = () => { clearTimeout(timer); if (lineCount($("paste").value) <= AUTO_LINES) timer = setTimeout(analyse, 400); };
  $("paste").addEventListener("input", soon);
  $("julia").addEventListener("change", analyse);
  $("run").addEventListener("click", analyse);
  $("examples").addEventListener("change", (e) => { if (examples[e.target.value] !== undefined) { $("paste").value = examples[e.target.value]; analyse(); } });
  $("share").addEventListener("click", async () => { await analyse(); navigator.clipboard?.writeText(location.href).catch(() => {}); status("The link in the address bar reproduces this paste (copied where the browser allows)."); });
  $("copy-stubs").addEventListener("click", () => { $("stubs").select(); navigator.clipboard?.writeText($("stubs").value).catch(() => document.execCommand("copy")); });
  const paste = $("paste");
  paste.addEventListener("dragover", (e) => { e.preventDefault(); paste.classList.add("dragging"); });
  paste.addEventListener("dragleave", () => paste.classList.remove("dragging"));
  paste.addEventListener("drop", async (e) => {
    e.preventDefault(); paste.classList.remove("dragging");
    const f = e.dataTransfer.files[0];
    if (f) { paste.value = await f.text(); analyse(); }
  });

  (async () => {
    const linked = await readFragment();
    if (linked) { $("paste").value = linked.text; $("julia").value = linked.julia; }
    try { await boot(); }
    catch (e) { status("Python could not be loaded: " + String(e.message || e).trim().split("\n").pop()); return; }  // (the last line: never a traceback)
    if ($("paste").value) analyse();
  })();
})();
