"""Stage 1, syntax: the text of an `.ir` file becomes a surface syntax tree.

The grammar is `grammar/irc.lark` (loaded by `grammar`); `parser.parse_text`
blanks a paste's debris (`paste`) and refuses the outputs irc does not read
(`forms`), then runs the fast path (`fastpath`), Lark with its line
transformer (`lines`), error recovery (`recovery`) and the item assembler
(`assemble`), checks the nesting limit (`depth`) and gives each bare
`CodeInfo(` the signature its command tells (`forms`).  `tree` holds the node classes, `operators`
Julia's precedence table, `cache` the pickled prelude parse.  Nothing here
knows about blocks, types or inference.

Public names: `parse_text`, `parse_expr`, `parse_file`, `read_source`,
`decode_source`, `SourceFile`.
"""
from irc.syntax.parser import decode_source, parse_expr, parse_file, parse_text, read_source
from irc.syntax.tree import SourceFile

__all__ = ["SourceFile", "decode_source", "parse_expr", "parse_file", "parse_text", "read_source"]
