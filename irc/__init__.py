"""irc: a compiler front end for Julia's lowered IR (parse, infer, annotate)."""

__version__ = "0.1.0"
