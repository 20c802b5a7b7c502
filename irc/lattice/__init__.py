"""Stage 3, lattice: Julia's types and inference lattice, as frozen dataclasses.

One module per concern, as Julia splits them: `types` (the type objects),
`typetable` (the built-in types with Julia's hierarchy), `subtype` (`<:`,
intersection, subtraction and the constructors that normalise through
them: `union`, `apply_type`), `typelattice` (`Const`, `PartialStruct`,
`Conditional`, `⊑`, `widenconst`), `typelimits` (`tmerge` with Julia's
union limits) and `typeprint` (printing types and lattice elements exactly
as Julia does, and Julia's union order).  No module here knows about
programs, declarations or inference.

Public names: `ANY`, `BOTTOM`, `Const`, `PartialStruct`, `Conditional`,
`issubtype`, `typeintersect`, `typesubtract`, `union`, `lattice_le`,
`widenconst`, `tmerge`, `show`.
"""
from irc.lattice.subtype import issubtype, typeintersect, typesubtract, union
from irc.lattice.typelattice import ANY, Conditional, Const, PartialStruct, lattice_le, widenconst
from irc.lattice.typelimits import tmerge
from irc.lattice.typeprint import show
from irc.lattice.types import BOTTOM

__all__ = ["ANY", "BOTTOM", "Conditional", "Const", "PartialStruct", "issubtype", "lattice_le", "show", "tmerge",
           "typeintersect", "typesubtract", "union", "widenconst"]
