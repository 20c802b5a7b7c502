"""`irc.syntax.lazyre`: a lazily compiled pattern behaves as `re.compile`'s."""
import re

from irc.syntax import forms, paste, recovery
from irc.syntax.lazyre import LazyPattern, lazy


def test_lazy_pattern_compiles_on_first_use_and_matches_as_compiled():
    p = lazy(r"^([\t ]*)>>>(?= |$)", re.M)
    assert p._compiled is None
    q = re.compile(r"^([\t ]*)>>>(?= |$)", re.M)
    text = "a\n  >>> x\n>>>\n"
    assert [m.span() for m in p.finditer(text)] == [m.span() for m in q.finditer(text)]
    assert p._compiled is not None
    assert p.search(text).group(1) == q.search(text).group(1)
    assert p.match(text) is None and q.match(text) is None
    assert p.sub("!", text) == q.sub("!", text)
    assert (p.pattern, p.flags, p.groups) == (q.pattern, q.flags, q.groups)
    # later reads are plain instance attributes (no second compile)
    first = p._compiled
    p.search("x")
    assert p._compiled is first and "search" in vars(p)


def test_lazy_pattern_bad_attribute_and_dunder():
    p = lazy("a")
    try:
        p.no_such_method
    except AttributeError:
        pass
    else:
        raise AssertionError("expected AttributeError")
    assert "lazy('a'" in repr(p)


def test_module_patterns_compile_to_their_source():
    """Every lazy pattern of the syntax stage compiles and equals `re.compile` of its source."""
    n = 0
    for mod in (paste, forms, recovery):
        for name, v in vars(mod).items():
            if isinstance(v, LazyPattern):
                pat, flags = v._source
                assert v.pattern == pat and v.flags == re.compile(pat, flags).flags, name
                n += 1
    assert n >= 50
