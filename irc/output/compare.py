"""`irc infer --compare-versions`: where the answers of Julia 1.10, 1.11 and 1.12's rules differ.

Input: for one file, the function objects of the JSON document (`jsondoc.function_json`) under
each version, in the same function order (the program is the same; only the world's rules
differ).  `compare(docs)` keeps, per function, the statements whose printed type differs
between some two versions (`unreached` for JSON null), and the return type when it differs;
`render_text` prints them side by side (statement number, line, the statement as the JSON's
`text`, cut at 40 characters, then one column per version); `summary_line` counts them
("3 statements differ in 2 functions (1.10 ≠ 1.11: 3, 1.11 ≠ 1.12: 1); 1 return type differs").

Pure: plain data in, strings and plain data out.
"""
from __future__ import annotations

VERSIONS = ("1.10", "1.11", "1.12")


def _shown(t) -> str:
    return "unreached" if t is None else t


def compare(docs: dict[str, list[dict]]) -> list[dict]:
    """Per function with a difference: `{"name", "signature", "return_type": {v: T} | None,
    "statements": [{"id", "line", "text", v: T, …}]}` (versions as in `docs`)."""
    versions = list(docs)
    base = docs[versions[0]]
    out = []
    for k, f in enumerate(base):
        fs = [docs[v][k] for v in versions]
        diffs = []
        for i, st in enumerate(f["statements"]):
            types = [_shown(g["statements"][i]["type"]) for g in fs]
            if len(set(types)) > 1:
                diffs.append({"id": st["id"], "line": st["line"], "text": st["text"], **dict(zip(versions, types))})
        rets = [g["return_type"] for g in fs]
        ret = dict(zip(versions, rets)) if len(set(rets)) > 1 else None
        if diffs or ret:
            out.append({"name": f["name"], "signature": f["signature"], "return_type": ret, "statements": diffs})
    return out


def _pairs(comparisons: list[dict], versions) -> list[tuple[str, int]]:
    return [(f"{a} ≠ {b}", sum(s[a] != s[b] for f in comparisons for s in f["statements"]))
            for a, b in zip(versions, versions[1:])]


def summary(comparisons: list[dict], versions=VERSIONS) -> dict:
    return {
        "statements": sum(len(f["statements"]) for f in comparisons),
        "functions": len(comparisons),
        "return_types": sum(f["return_type"] is not None for f in comparisons),
        "pairs": dict(_pairs(comparisons, versions)),
    }


def summary_line(comparisons: list[dict], versions=VERSIONS) -> str:
    s = summary(comparisons, versions)
    n, nf = s["statements"], s["functions"]
    if not nf:
        return f"no answer differs between Julia {', '.join(versions)}"
    pairs = ", ".join(f"{k}: {v}" for k, v in s["pairs"].items())
    ret = s["return_types"]
    return (f"{n} statement{'s' * (n != 1)} differ{'s' * (n == 1)} in {nf} function{'s' * (nf != 1)} ({pairs}); "
            f"{ret} return type{'s' * (ret != 1)} differ{'s' * (ret == 1)}")


def _short(text: str, width: int = 40) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def render_text(path: str, comparisons: list[dict], versions=VERSIONS) -> str:
    """The differences side by side: one block per function, one row per statement."""
    lines = []
    for f in comparisons:
        rows = [["stmt", "line", "statement", *versions]]
        for s in f["statements"]:
            rows.append([str(s["id"]), str(s["line"] or ""), _short(s["text"]), *(s[v] for v in versions)])
        if f["return_type"] is not None:
            rows.append(["Body", "", "", *(f["return_type"][v] for v in versions)])
        widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]))]
        lines.append(f"# {path}: {f['signature']}")
        lines.extend(("  " + "  ".join(c.ljust(w) for c, w in zip(r, widths))).rstrip() for r in rows)
    return "".join(ln + "\n" for ln in lines)
