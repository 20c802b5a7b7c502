"""Stage 2, IR: the syntax tree becomes functions of numbered statements in basic blocks.

`build.build_program` numbers slots and labels (spec §1.3), resolves every
`%N`, `#B` and name, and reports every semantic error located;
`cfg.compute_blocks` splits a function into basic blocks with predecessors
and successors as Julia's `compute_basic_blocks` does (spec §2).  `model`
holds the IR classes (`Program`, `Function`, `Slot`, `Stmt`, `Block`).

Public names: `build_program`, `build_function`, `compute_blocks`,
`Program`, `Function`, `Slot`, `Stmt`, `Block`, `Kind`.
"""
from irc.ir.build import build_function, build_program
from irc.ir.cfg import compute_blocks
from irc.ir.model import Block, Function, Kind, Program, Slot, Stmt

__all__ = ["Block", "Function", "Kind", "Program", "Slot", "Stmt", "build_function", "build_program",
           "compute_blocks"]
