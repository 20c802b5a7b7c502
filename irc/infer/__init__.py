"""Stage 5, inference: block-entry type inference with Julia 1.10's rules.

`analysis.infer_function(fn, world, store)` runs the one worklist engine
(`engine`) over a function's blocks with a state store (`stores`: `stmt`,
`block` or `live`, identical answers at different costs; `live` uses the
backward slot liveness of `liveness`), types each statement with
`transfer` (on top of the world), and computes the slot flags and the
undefinedness diagnostics by replaying blocks (`flags`).

Public names: `infer_function`, `InferenceResult`, `STORES`.
"""
from irc.infer.analysis import InferenceResult, infer_function
from irc.infer.stores import STORES

__all__ = ["InferenceResult", "STORES", "infer_function"]
