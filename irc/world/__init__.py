"""Stage 4, world: what irc knows about the program's environment.

`world.World` holds the declared types, methods and globals (the file's own
declarations, the shipped prelude `prelude.ir`, `--prelude` files),
evaluates type expressions and global references, and types a call:
`dispatch` picks applicable methods with Julia's specificity and union
splitting, `tfuncs` types the builtins and intrinsics (Julia's tfuncs) with
constant folding.

Public names: `World`, `CallResult`, `prelude_text`, `PRELUDE_PATH`.
"""
from irc.world.tfuncs import CallResult
from irc.world.world import PRELUDE_PATH, World, prelude_text

__all__ = ["CallResult", "PRELUDE_PATH", "World", "prelude_text"]
