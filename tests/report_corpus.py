"""Shared by the report tests: a small corpus with known content, and a DOM
built with the standard library's HTML parser (no browser needed)."""
from __future__ import annotations

import shutil
from html.parser import HTMLParser
from pathlib import Path

from conftest import ROOT

#: samples with what the report must show: Any statements and unknown
#: callees, maybe-undefined locals, clean code, a union accumulator
SAMPLES = ("box_capture.ir", "undef_one_path.ir", "union_accumulator.ir", "loop_nested_sum.ir",
           "any_argument_dispatch.ir")

#: a function whose name and constants would be markup if not escaped
HOSTILE = '''function var"<b>"(s::String)
1 ─ %1 = "<script>alert(1)</script>"
│   %2 = Main.undeclared(%1)
└──      return %2
end
'''

#: a file that fails: a statement uses a %N that does not exist
BROKEN = '''function f(x::Int64)
1 ─      return %9
end
'''


def make_corpus(root: Path) -> list[str]:
    """The corpus under `root` (two directories, so the chart groups by
    directory); returns the paths in the order `irc report` takes them."""
    (root / "pkg").mkdir(parents=True)
    (root / "more").mkdir()
    for name in SAMPLES:
        shutil.copy(ROOT / "samples" / name, root / "pkg" / name)
    (root / "more" / "hostile.ir").write_text(HOSTILE, encoding="utf-8")
    (root / "more" / "broken.ir").write_text(BROKEN, encoding="utf-8")
    return [str(root / "pkg"), str(root / "more")]


class Node:
    __slots__ = ("tag", "attrs", "children", "parent")

    def __init__(self, tag: str, attrs: dict, parent: "Node | None"):
        self.tag, self.attrs, self.children, self.parent = tag, attrs, [], parent

    def classes(self) -> set[str]:
        return set((self.attrs.get("class") or "").split())

    def text(self, skip_class: str | None = None) -> str:
        out = []
        for c in self.children:
            if isinstance(c, str):
                out.append(c)
            elif skip_class is None or skip_class not in c.classes():
                out.append(c.text(skip_class))
        return "".join(out)

    def iter(self):
        yield self
        for c in self.children:
            if isinstance(c, Node):
                yield from c.iter()

    def find_all(self, tag: str | None = None, cls: str | None = None, **attrs) -> list["Node"]:
        return [n for n in self.iter() if (tag is None or n.tag == tag) and (cls is None or cls in n.classes())
                and all(n.attrs.get(k.replace("_", "-")) == v for k, v in attrs.items())]

    def find(self, *a, **k) -> "Node":
        found = self.find_all(*a, **k)
        assert found, (a, k)
        return found[0]


_VOID = {"meta", "link", "br", "img", "input", "hr", "wbr"}  # HTML void elements


class _Builder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {}, None)
        self.cur = self.root
        self.decl = ""

    def handle_decl(self, decl):
        self.decl = decl

    def handle_starttag(self, tag, attrs):
        n = Node(tag, dict(attrs), self.cur)
        self.cur.children.append(n)
        if tag not in _VOID:
            self.cur = n

    def handle_startendtag(self, tag, attrs):
        self.cur.children.append(Node(tag, dict(attrs), self.cur))

    def handle_endtag(self, tag):
        n = self.cur
        while n is not None and n.tag != tag:
            n = n.parent
        assert n is not None, f"</{tag}> closes nothing"
        self.cur = n.parent

    def handle_data(self, data):
        self.cur.children.append(data)


def parse_html(text: str) -> tuple[Node, str]:
    """(document root, doctype) of an HTML text; unbalanced end tags fail."""
    b = _Builder()
    b.feed(text)
    b.close()
    return b.root, b.decl
