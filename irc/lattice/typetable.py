"""The built-in type table (spec §3.1) with Julia's real hierarchy, and the
canonical constructors and structural queries over types.

Algorithm: each built-in type is one `TypeName` created once at import (an
immutable table after import).  `BUILTIN_BINDINGS` maps every spelling the
input may use (`Int64`, `Core.Int64`, `Base.UnitRange`, `Vector`, `Int`) to a
type: a `DataType` for parameterless types, the `UnionAll` wrapper
(`UnitRange{T} where T<:Real`) for parametric ones, or an alias's value.

Constructor: `tuple_type(ps)` -- `Tuple{…}`; `Vararg{T, 3}` expands,
`Vararg{T, 0}` disappears.  The constructors that normalise through
subtyping (`union`, `apply_type`, `subst`) and the queries that instantiate
a declaration's parameters (`supertype`, `field_types`) are in
`irc.lattice.subtype` (and the layout queries `isbitstype`, `issingleton` in
`irc.lattice.layout`), since subtyping needs them and they need subtyping.

Queries here (memoised; types are immutable and hash-cached): `isconcrete`,
`isabstract`, `isType`, `iskind`, `isdispatchelem`,
`field_names`, `datatype_of`.
"""
from __future__ import annotations

from functools import lru_cache

from irc.lattice.types import (
    BOTTOM,
    DataType,
    FuncType,
    FunctionValue,
    TypeName,
    TypeVar,
    UnionAllType,
    UnionType,
    VarargType,
    has_free_typevars,
)

CORE = ("Core",)
BASE = ("Base",)

# ---------------------------------------------------------------- table construction

_NAMES: dict[str, TypeName] = {}  # qualified name -> TypeName (filled at import only)


def _tv(name, ub=None, lb=None) -> TypeVar:
    return TypeVar(name, lb, ub)


def _mk(module, name, params=(), sup=None, *, abstract=False, mutable=False, bits=0, opaque=False,
        fields=()) -> TypeName:
    tn = TypeName(module, name, tuple(params), sup, abstract, mutable, bits, opaque)
    if fields:
        tn.set_fields(tuple(f for f, _ in fields), tuple(t for _, t in fields))
    _NAMES[".".join(module + (name,))] = tn
    return tn


def _dt(tn: TypeName, *params) -> DataType:
    return DataType(tn, tuple(params))


def _self(tn: TypeName) -> DataType:
    """`tn` applied to its own parameters (the body of its wrapper)."""
    return DataType(tn, tn.params)


ANY_NAME = _mk(CORE, "Any", abstract=True)
ANY = _dt(ANY_NAME)


def _abs(module, name, sup, params=()):
    return _mk(module, name, params, sup, abstract=True)


def _prim(module, name, sup, nbits):
    return _mk(module, name, (), sup, bits=nbits)


NUMBER = _dt(_abs(CORE, "Number", ANY))
REAL = _dt(_abs(CORE, "Real", NUMBER))
ABSTRACTFLOAT = _dt(_abs(CORE, "AbstractFloat", REAL))
INTEGER = _dt(_abs(CORE, "Integer", REAL))
SIGNED = _dt(_abs(CORE, "Signed", INTEGER))
UNSIGNED = _dt(_abs(CORE, "Unsigned", INTEGER))
BOOL = _dt(_prim(CORE, "Bool", INTEGER, 8))
INT8 = _dt(_prim(CORE, "Int8", SIGNED, 8))
INT16 = _dt(_prim(CORE, "Int16", SIGNED, 16))
INT32 = _dt(_prim(CORE, "Int32", SIGNED, 32))
INT64 = _dt(_prim(CORE, "Int64", SIGNED, 64))
INT128 = _dt(_prim(CORE, "Int128", SIGNED, 128))
UINT8 = _dt(_prim(CORE, "UInt8", UNSIGNED, 8))
UINT16 = _dt(_prim(CORE, "UInt16", UNSIGNED, 16))
UINT32 = _dt(_prim(CORE, "UInt32", UNSIGNED, 32))
UINT64 = _dt(_prim(CORE, "UInt64", UNSIGNED, 64))
UINT128 = _dt(_prim(CORE, "UInt128", UNSIGNED, 128))
FLOAT16 = _dt(_prim(CORE, "Float16", ABSTRACTFLOAT, 16))
FLOAT32 = _dt(_prim(CORE, "Float32", ABSTRACTFLOAT, 32))
FLOAT64 = _dt(_prim(CORE, "Float64", ABSTRACTFLOAT, 64))
ABSTRACTCHAR = _dt(_abs(CORE, "AbstractChar", ANY))
CHAR = _dt(_prim(CORE, "Char", ABSTRACTCHAR, 32))
ABSTRACTSTRING = _dt(_abs(CORE, "AbstractString", ANY))
STRING = _dt(_mk(CORE, "String", (), ABSTRACTSTRING, opaque=True))
SYMBOL = _dt(_mk(CORE, "Symbol", (), ANY, opaque=True))
NOTHING = _dt(_mk(CORE, "Nothing", (), ANY))
MISSING = _dt(_mk(BASE, "Missing", (), ANY))
FUNCTION = _dt(_abs(CORE, "Function", ANY))
BUILTIN = _dt(_abs(CORE, "Builtin", FUNCTION))
INTRINSICFUNCTION = _dt(_mk(CORE, "IntrinsicFunction", (), BUILTIN, bits=32))
MODULE = _dt(_mk(CORE, "Module", (), ANY, mutable=True, opaque=True))
SIMPLEVECTOR = _dt(_mk(CORE, "SimpleVector", (), ANY, opaque=True))
TYPENAME = _dt(_mk(CORE, "TypeName", (), ANY, mutable=True, opaque=True))
DATATYPE = _dt(_mk(CORE, "DataType", (), ANY, mutable=True, opaque=True))
UNIONALL = _dt(_mk(CORE, "UnionAll", (), ANY, opaque=True))
UNION_KIND = _dt(_mk(CORE, "Union", (), ANY, opaque=True))
TYPEOFBOTTOM = _dt(_mk(CORE, "TypeofBottom", (), ANY, opaque=True))
TYPEVAR_T = _dt(_mk(CORE, "TypeVar", (), ANY, opaque=True))
TYPEOFVARARG = _dt(_mk(CORE, "TypeofVararg", (), ANY, opaque=True))
KINDS = (DATATYPE, UNIONALL, UNION_KIND, TYPEOFBOTTOM)

_T = _tv("T")
TYPE_NAME = _mk(CORE, "Type", (_T,), ANY, abstract=True)
TUPLE_NAME = _mk(CORE, "Tuple", (), ANY)
_NT_names, _NT_T = _tv("names"), _tv("T", DataType(TUPLE_NAME, (VarargType(ANY, None),)))  # `T<:Tuple`
NAMEDTUPLE_NAME = _mk(CORE, "NamedTuple", (_NT_names, _NT_T), ANY)

EXPR = _dt(_mk(CORE, "Expr", (), ANY, mutable=True))  # fields set below
BOX = _dt(_mk(CORE, "Box", (), ANY, mutable=True, fields=(("contents", ANY),)))
QUOTENODE = _dt(_mk(CORE, "QuoteNode", (), ANY, fields=(("value", ANY),)))
GLOBALREF = _dt(_mk(CORE, "GlobalRef", (), ANY, fields=(("mod", MODULE), ("name", SYMBOL))))
LINENUMBERNODE = _dt(_mk(CORE, "LineNumberNode", (), ANY, fields=(("line", INT64), ("file", ANY))))
# Core.Const as a value (boot.jl `struct Const; val; end`): `Core.Const(x)` called in a
# reached statement builds one.  In type position `Core.Const(v)` stays the lattice element.
CONST_STRUCT = _dt(_mk(CORE, "Const", (), ANY, fields=(("val", ANY),)))

# arrays
_T, _N = _tv("T"), _tv("N")
ABSTRACTARRAY_NAME = _mk(CORE, "AbstractArray", (_T, _N), ANY, abstract=True)
DENSEARRAY_NAME = _mk(CORE, "DenseArray", (_T, _N), DataType(ABSTRACTARRAY_NAME, (_T, _N)), abstract=True)
ARRAY_NAME = _mk(CORE, "Array", (_T, _N), DataType(DENSEARRAY_NAME, (_T, _N)), mutable=True, opaque=True)
_T = _tv("T")
REF_NAME = _mk(CORE, "Ref", (_T,), ANY, abstract=True)
PTR_NAME = _mk(CORE, "Ptr", (_T,), DataType(REF_NAME, (_T,)), bits=64)
# Julia 1.11's memory (boot.jl): `Memory{T}` and `MemoryRef{T}` stand for the aliases
# `GenericMemory{:not_atomic, T, Core.CPU}` / `GenericMemoryRef{…}` (as Julia prints them)
_T = _tv("T")
MEMORY_NAME = _mk(CORE, "Memory", (_T,), DataType(DENSEARRAY_NAME, (_T, 1)), mutable=True, opaque=True)
_T = _tv("T")
MEMORYREF_NAME = _mk(CORE, "MemoryRef", (_T,), DataType(REF_NAME, (_T,)), opaque=True)

# exceptions
EXCEPTION = _dt(_abs(CORE, "Exception", ANY))


def _exc(module, name, fields=()):
    return _dt(_mk(module, name, (), EXCEPTION, fields=fields))


ERROREXCEPTION = _exc(CORE, "ErrorException", (("msg", ABSTRACTSTRING),))
ARGUMENTERROR = _exc(CORE, "ArgumentError", (("msg", ABSTRACTSTRING),))
BOUNDSERROR = _exc(CORE, "BoundsError", (("a", ANY), ("i", ANY)))
DOMAINERROR = _exc(CORE, "DomainError", (("val", ANY), ("msg", ANY)))
METHODERROR = _exc(CORE, "MethodError", (("f", ANY), ("args", ANY), ("world", UINT64)))
ASSERTIONERROR = _exc(CORE, "AssertionError", (("msg", ANY),))
UNDEFVARERROR = _exc(CORE, "UndefVarError", (("var", SYMBOL),))
UNDEFKEYWORDERROR = _exc(CORE, "UndefKeywordError", (("var", SYMBOL),))
TYPEERROR = _exc(CORE, "TypeError", (("func", SYMBOL), ("context", ANY), ("expected", ANY), ("got", ANY)))
INEXACTERROR = _exc(CORE, "InexactError", (("func", SYMBOL), ("T", ANY), ("val", ANY)))
OVERFLOWERROR = _exc(CORE, "OverflowError", (("msg", ABSTRACTSTRING),))
DIVIDEERROR = _exc(CORE, "DivideError")
STACKOVERFLOWERROR = _exc(CORE, "StackOverflowError")
UNDEFREFERROR = _exc(CORE, "UndefRefError")
INTERRUPTEXCEPTION = _exc(CORE, "InterruptException")
OUTOFMEMORYERROR = _exc(CORE, "OutOfMemoryError")
KEYERROR = _exc(BASE, "KeyError", (("key", ANY),))
DIMENSIONMISMATCH = _exc(BASE, "DimensionMismatch", (("msg", ABSTRACTSTRING),))
STRINGINDEXERROR = _exc(BASE, "StringIndexError", (("string", ABSTRACTSTRING), ("index", INT64)))
EOFERROR = _exc(BASE, "EOFError")
SYSTEMERROR = _exc(BASE, "SystemError", (("prefix", STRING), ("errnum", INT32), ("extrainfo", ANY)))

# Base data types
_T = _tv("T")
SOME_NAME = _mk(BASE, "Some", (_T,), ANY, fields=(("value", _T),))
REFVALUE_NAME = _mk(BASE, "RefValue", (_T,), DataType(REF_NAME, (_T,)), mutable=True, fields=(("x", _T),))
_A, _B = _tv("A"), _tv("B")
PAIR_NAME = _mk(BASE, "Pair", (_A, _B), ANY, fields=(("first", _A), ("second", _B)))
_K, _V = _tv("K"), _tv("V")
ABSTRACTDICT_NAME = _mk(BASE, "AbstractDict", (_K, _V), ANY, abstract=True)
_T = _tv("T")
ABSTRACTSET_NAME = _mk(BASE, "AbstractSet", (_T,), ANY, abstract=True)


def _vec(t):
    return DataType(ARRAY_NAME, (t, 1))


DICT_NAME = _mk(BASE, "Dict", (_K, _V), DataType(ABSTRACTDICT_NAME, (_K, _V)), mutable=True, fields=(
    ("slots", _vec(UINT8)), ("keys", _vec(_K)), ("vals", _vec(_V)), ("ndel", INT64), ("count", INT64),
    ("age", UINT64), ("idxfloor", INT64), ("maxprobe", INT64)))
IDDICT_NAME = _mk(BASE, "IdDict", (_K, _V), DataType(ABSTRACTDICT_NAME, (_K, _V)), mutable=True, fields=(
    ("ht", _vec(ANY)), ("count", INT64), ("ndel", INT64)))
_T = _tv("T")
SET_NAME = _mk(BASE, "Set", (_T,), DataType(ABSTRACTSET_NAME, (_T,)),
               fields=(("dict", DataType(DICT_NAME, (_T, NOTHING))),))
# abstractdict.jl 1.10: `struct KeySet{K, T <: AbstractDict{K}} <: AbstractSet{K}`, `struct ValueIterator{T<:AbstractDict}`
_K, _V = _tv("K"), _tv("V")
_Td = _tv("T", UnionAllType(_V, DataType(ABSTRACTDICT_NAME, (_K, _V))))
KEYSET_NAME = _mk(BASE, "KeySet", (_K, _Td), DataType(ABSTRACTSET_NAME, (_K,)), fields=(("dict", _Td),))
_Td = _tv("T", UnionAllType(_K, UnionAllType(_V, DataType(ABSTRACTDICT_NAME, (_K, _V)))))
VALUEITERATOR_NAME = _mk(BASE, "ValueIterator", (_Td,), ANY, fields=(("dict", _Td),))

# ranges
_T, _S = _tv("T"), _tv("S")
ABSTRACTRANGE_NAME = _mk(BASE, "AbstractRange", (_T,), DataType(ABSTRACTARRAY_NAME, (_T, 1)), abstract=True)
ORDINALRANGE_NAME = _mk(BASE, "OrdinalRange", (_T, _S), DataType(ABSTRACTRANGE_NAME, (_T,)), abstract=True)
_T = _tv("T")
ABSTRACTUNITRANGE_NAME = _mk(BASE, "AbstractUnitRange", (_T,), DataType(ORDINALRANGE_NAME, (_T, _T)), abstract=True)
_TR = _tv("T", REAL)
UNITRANGE_NAME = _mk(BASE, "UnitRange", (_TR,), DataType(ABSTRACTUNITRANGE_NAME, (_TR,)),
                     fields=(("start", _TR), ("stop", _TR)))
_TI = _tv("T", INTEGER)
ONETO_NAME = _mk(BASE, "OneTo", (_TI,), DataType(ABSTRACTUNITRANGE_NAME, (_TI,)), fields=(("stop", _TI),))
# indices.jl 1.10: `struct LinearIndices{N,R<:NTuple{N,AbstractUnitRange{Int}}} <: AbstractArray{Int,N}`
_N = _tv("N")
_R = _tv("R", DataType(TUPLE_NAME, (VarargType(DataType(ABSTRACTUNITRANGE_NAME, (INT64,)), _N),)))
LINEARINDICES_NAME = _mk(BASE, "LinearIndices", (_N, _R), DataType(ABSTRACTARRAY_NAME, (INT64, _N)),
                         fields=(("indices", _R),))
_T, _S = _tv("T"), _tv("S")
STEPRANGE_NAME = _mk(BASE, "StepRange", (_T, _S), DataType(ORDINALRANGE_NAME, (_T, _S)),
                     fields=(("start", _T), ("step", _S), ("stop", _T)))
_T, _R, _S, _L = _tv("T"), _tv("R"), _tv("S"), _tv("L", INTEGER)
STEPRANGELEN_NAME = _mk(BASE, "StepRangeLen", (_T, _R, _S, _L), DataType(ABSTRACTRANGE_NAME, (_T,)),
                        fields=(("ref", _R), ("step", _S), ("len", _L), ("offset", _L)))
_T, _L = _tv("T"), _tv("L", INTEGER)
LINRANGE_NAME = _mk(BASE, "LinRange", (_T, _L), DataType(ABSTRACTRANGE_NAME, (_T,)),
                    fields=(("start", _T), ("stop", _T), ("len", _L), ("lendiv", _L)))

# numbers
_TR = _tv("T", REAL)
COMPLEX_NAME = _mk(BASE, "Complex", (_TR,), NUMBER, fields=(("re", _TR), ("im", _TR)))
_TI = _tv("T", INTEGER)
RATIONAL_NAME = _mk(BASE, "Rational", (_TI,), REAL, fields=(("num", _TI), ("den", _TI)))
ABSTRACTIRRATIONAL = _dt(_abs(BASE, "AbstractIrrational", REAL))
_sym = _tv("sym")
IRRATIONAL_NAME = _mk(BASE, "Irrational", (_sym,), ABSTRACTIRRATIONAL)
BIGINT = _dt(_mk(("Base", "GMP"), "BigInt", (), SIGNED, mutable=True, opaque=True))
BIGFLOAT = _dt(_mk(("Base", "MPFR"), "BigFloat", (), ABSTRACTFLOAT, mutable=True, opaque=True))

# strings, io, misc
_TS = _tv("T", ABSTRACTSTRING)
SUBSTRING_NAME = _mk(BASE, "SubString", (_TS,), ABSTRACTSTRING,
                     fields=(("string", _TS), ("offset", INT64), ("ncodeunits", INT64)))
IO = _dt(_abs(CORE, "IO", ANY))
IOSTREAM = _dt(_mk(BASE, "IOStream", (), IO, mutable=True, opaque=True))
_T = _tv("T", DataType(ABSTRACTARRAY_NAME, (UINT8, 1)))
GENERICIOBUFFER_NAME = _mk(BASE, "GenericIOBuffer", (_T,), IO, mutable=True, fields=(
    ("data", _T), ("readable", BOOL), ("writable", BOOL), ("seekable", BOOL), ("append", BOOL),
    ("size", INT64), ("maxsize", INT64), ("ptr", INT64), ("mark", INT64)))
_x = _tv("x")
VAL_NAME = _mk(BASE, "Val", (_x,), ANY)
COLON = _dt(_mk(BASE, "Colon", (), FUNCTION))
REGEX = _dt(_mk(BASE, "Regex", (), ANY, mutable=True, opaque=True))
VERSIONNUMBER = _dt(_mk(BASE, "VersionNumber", (), ANY, opaque=True))
_N = _tv("N")
BITARRAY_NAME = _mk(BASE, "BitArray", (_N,), DataType(ABSTRACTARRAY_NAME, (BOOL, _N)), mutable=True, fields=(
    ("chunks", _vec(UINT64)), ("len", INT64), ("dims", DataType(TUPLE_NAME, (VarargType(INT64, _N),)))))
_I, _F = _tv("I"), _tv("F")
GENERATOR_NAME = _mk(BASE, "Generator", (_I, _F), ANY, fields=(("f", _F), ("iter", _I)))
TASK = _dt(_mk(CORE, "Task", (), ANY, mutable=True, opaque=True))
UNDEFINITIALIZER = _dt(_mk(CORE, "UndefInitializer", (), ANY))

# broadcasting (`x .+ 1` is `materialize(broadcasted(+, x, 1))`)
_BC = ("Base", "Broadcast")
BROADCASTSTYLE = _dt(_abs(_BC, "BroadcastStyle", ANY))
_N = _tv("N")
ABSTRACTARRAYSTYLE_NAME = _mk(_BC, "AbstractArrayStyle", (_N,), BROADCASTSTYLE, abstract=True)
_N = _tv("N")
DEFAULTARRAYSTYLE_NAME = _mk(_BC, "DefaultArrayStyle", (_N,), DataType(ABSTRACTARRAYSTYLE_NAME, (_N,)))
_T = _tv("T")
STYLE_NAME = _mk(_BC, "Style", (_T,), BROADCASTSTYLE)  # broadcast.jl: `struct Style{T} <: BroadcastStyle end`
ABSTRACTBROADCASTED = _dt(_abs(("Base",), "AbstractBroadcasted", ANY))
_St, _Ax, _F, _Args = _tv("Style"), _tv("Axes"), _tv("F"), _tv("Args", DataType(TUPLE_NAME, (VarargType(ANY, None),)))
BROADCASTED_NAME = _mk(_BC, "Broadcasted", (_St, _Ax, _F, _Args), ABSTRACTBROADCASTED,
                       fields=(("style", _St), ("f", _F), ("args", _Args), ("axes", _Ax)))

EXPR.name.set_fields(("head", "args"), (SYMBOL, _vec(ANY)))

# Core's reflection types (Julia 1.10 `fieldnames`/`fieldtypes`).  They keep
# `opaque`: a field not listed here is unknown to irc (`Any`), not missing.
METHODTABLE = _dt(_mk(CORE, "MethodTable", (), ANY, mutable=True, opaque=True))
METHOD = _dt(_mk(CORE, "Method", (), ANY, mutable=True, opaque=True))
METHODINSTANCE = _dt(_mk(CORE, "MethodInstance", (), ANY, mutable=True, opaque=True))
_T = _tv("T")
_TYPE_ANY = UnionAllType(_T, DataType(TYPE_NAME, (_T,)))
_PTR_NOTHING = DataType(PTR_NAME, (NOTHING,))
DATATYPE.name.set_fields(
    ("name", "super", "parameters", "types", "instance", "layout", "hash", "flags"),
    (TYPENAME, DATATYPE, SIMPLEVECTOR, SIMPLEVECTOR, ANY, _PTR_NOTHING, INT32, UINT16))
TYPENAME.name.set_fields(
    ("name", "module", "names", "atomicfields", "constfields", "wrapper", "Typeofwrapper", "cache",
     "linearcache", "mt", "partial", "hash", "n_uninitialized", "flags", "max_methods"),
    (SYMBOL, MODULE, SIMPLEVECTOR, _PTR_NOTHING, _PTR_NOTHING, _TYPE_ANY, _TYPE_ANY, SIMPLEVECTOR,
     SIMPLEVECTOR, METHODTABLE, ANY, INT64, INT32, UINT8, UINT8))
UNIONALL.name.set_fields(("var", "body"), (TYPEVAR_T, ANY))
UNION_KIND.name.set_fields(("a", "b"), (ANY, ANY))
TYPEVAR_T.name.set_fields(("name", "lb", "ub"), (SYMBOL, ANY, ANY))
METHOD.name.set_fields(
    ("name", "module", "file", "line", "primary_world", "deleted_world", "sig"),
    (SYMBOL, MODULE, SYMBOL, INT32, UINT64, UINT64, _TYPE_ANY))
METHODINSTANCE.name.set_fields(("def", "specTypes", "sparam_vals"),
                               (UnionType(frozenset((METHOD, MODULE))), ANY, SIMPLEVECTOR))


# ---------------------------------------------------------------- wrappers and bindings


def wrapper(tn: TypeName):
    """The type a bare name denotes: `Int64`, or `UnitRange{T} where T<:Real`."""
    if tn is TUPLE_NAME:
        return TUPLE_ANY
    body = DataType(tn, tn.params)
    for v in reversed(tn.params):
        body = UnionAllType(v, body)
    return body


TUPLE_ANY = DataType(TUPLE_NAME, (VarargType(ANY, None),))
TUPLE_STYLE = DataType(STYLE_NAME, (TUPLE_ANY,))  # broadcast.jl: `BroadcastStyle(::Type{<:Tuple}) = Style{Tuple}()`
EMPTY_TUPLE = DataType(TUPLE_NAME, ())

_VT = _tv("T")
VECTOR_WRAPPER = UnionAllType(_VT, DataType(ARRAY_NAME, (_VT, 1)))
MATRIX_WRAPPER = UnionAllType(_VT, DataType(ARRAY_NAME, (_VT, 2)))
_NTN, _NTT = _tv("N"), _tv("T")
NTUPLE_WRAPPER = UnionAllType(_NTN, UnionAllType(_NTT, DataType(TUPLE_NAME, (VarargType(_NTT, _NTN),))))

# Aliases that Julia prints by name (show_typealias): (alias name, type name, fixed trailing params)
# complex.jl's exported aliases, which `show` prints for their types (1.6+ `make_typealias`): `ComplexF64`
COMPLEX_ALIASES = {"ComplexF64": FLOAT64, "ComplexF32": FLOAT32, "ComplexF16": FLOAT16}

PRINT_ALIASES = {
    ARRAY_NAME: {1: "Vector", 2: "Matrix"},
    ABSTRACTARRAY_NAME: {1: "AbstractVector", 2: "AbstractMatrix"},
    DENSEARRAY_NAME: {1: "DenseVector", 2: "DenseMatrix"},
    BITARRAY_NAME: {1: "BitVector", 2: "BitMatrix"},
}


def _alias_wrapper(tn, n):
    v = _tv("T")
    return UnionAllType(v, DataType(tn, (v, n)))


def _build_bindings() -> dict:
    b: dict = {}
    for q, tn in _NAMES.items():
        w = wrapper(tn)
        b[q] = w
        b.setdefault(tn.name, w)
    b["Union"] = UNION_KIND
    b["Core.Union"] = UNION_KIND
    b["Int"] = INT64
    b["UInt"] = UINT64
    b["Vector"] = VECTOR_WRAPPER
    b["Matrix"] = MATRIX_WRAPPER
    b["AbstractVector"] = _alias_wrapper(ABSTRACTARRAY_NAME, 1)
    b["AbstractMatrix"] = _alias_wrapper(ABSTRACTARRAY_NAME, 2)
    b["DenseVector"] = _alias_wrapper(DENSEARRAY_NAME, 1)
    b["DenseMatrix"] = _alias_wrapper(DENSEARRAY_NAME, 2)
    b["BitVector"] = DataType(BITARRAY_NAME, (1,))
    b["BitMatrix"] = DataType(BITARRAY_NAME, (2,))
    b["NTuple"] = NTUPLE_WRAPPER
    b["IOBuffer"] = DataType(GENERICIOBUFFER_NAME, (_vec(UINT8),))
    for short, f in COMPLEX_ALIASES.items():  # complex.jl `const ComplexF64 = Complex{Float64}`, …
        b[short] = DataType(COMPLEX_NAME, (f,))
    for k in list(b):
        if "." not in k:
            b.setdefault("Base." + k, b[k])
            b.setdefault("Core." + k, b[k])
    # `Colon` is `typeof(:)`: the function `:` is its instance `Colon()` (`const (:) = Colon()`,
    # range.jl), so the type a declaration names and the type of `Base.:(:)` are one lattice element
    b["Colon"] = b["Base.Colon"] = FuncType(FunctionValue(BASE, ":"))
    del b["Core.Colon"]
    return b


BUILTIN_BINDINGS: dict = _build_bindings()

# ---------------------------------------------------------------- constructors


def vector(t) -> DataType:
    return DataType(ARRAY_NAME, (t, 1))


def matrix(t) -> DataType:
    return DataType(ARRAY_NAME, (t, 2))


def type_of_type(t) -> DataType:
    """`Type{t}`."""
    return DataType(TYPE_NAME, (t,))


def _body(t):
    while type(t) is UnionAllType:
        t = t.body
    return t


def tuple_type(params):
    """`Tuple{params…}` with `Vararg{T, n}` (n an int) expanded; a `Union{}`
    element makes the whole tuple type `Union{}` (as Julia normalises it)."""
    ps = list(params)
    if ps and type(ps[-1]) is VarargType and type(ps[-1].N) is int:
        va = ps.pop()
        ps.extend([va.T] * va.N)
    if ps and type(ps[-1]) is VarargType and ps[-1].T == BOTTOM:
        ps.pop()  # Tuple{Vararg{Union{}}} is Tuple{}
    if len(ps) == 1 and type(ps[0]) is VarargType and ps[0].bare:
        ps[0] = VarargType(ps[0].T)  # `Tuple{Vararg}` is `Tuple` itself
    if any(p == BOTTOM for p in ps):
        return BOTTOM  # no value has a Union{} element: Tuple{Union{}} is Union{}
    return DataType(TUPLE_NAME, tuple(ps))


# ---------------------------------------------------------------- queries


def isType(t) -> bool:
    return type(t) is DataType and t.name is TYPE_NAME


def iskind(t) -> bool:
    return t in KINDS


def is_tuple(t) -> bool:
    return type(t) is DataType and t.name is TUPLE_NAME


def is_vatuple(t) -> bool:
    return is_tuple(t) and bool(t.params) and type(t.params[-1]) is VarargType


@lru_cache(maxsize=1 << 16)
def isconcrete(t) -> bool:
    """Julia's `isconcretetype`."""
    tt = type(t)
    if tt is FuncType:
        return True
    if tt is not DataType:
        return False
    tn = t.name
    if tn.abstract or tn.unknown:
        return False
    if tn is TUPLE_NAME:
        return all(type(p) is not VarargType and isconcrete(p) for p in t.params)
    if len(t.params) != len(tn.params) and tn is not NAMEDTUPLE_NAME:
        return False
    return not has_free_typevars(t)


def isabstract(t) -> bool:
    return type(t) is DataType and t.name.abstract


def isdispatchelem(t) -> bool:
    """Julia's `isdispatchelem`: `Union{}`, concrete non-kind types, `Type{T}` without free vars."""
    if t == BOTTOM:
        return True
    if isType(t):
        return not has_free_typevars(t)
    return isconcrete(t) and not iskind(t)


def field_names(t) -> tuple[str, ...] | None:
    """Field names of a concrete data type, or None when unknown."""
    t = _body(t)
    if type(t) is not DataType:
        return None
    if t.name is TUPLE_NAME:
        if is_vatuple(t):
            return None
        return tuple(str(i + 1) for i in range(len(t.params)))
    if t.name is NAMEDTUPLE_NAME:
        if len(t.params) == 2 and isinstance(t.params[0], tuple):
            return tuple(s.name if hasattr(s, "name") else str(s) for s in t.params[0])
        return None
    if t.name.abstract:
        return None
    return t.name.fieldnames


def datatype_of(t):
    """The DataType a type denotes after unwrapping `where`s (None for unions)."""
    t = _body(t)
    return t if type(t) in (DataType, FuncType) else None


def lookup_builtin(qualified: str):
    return BUILTIN_BINDINGS.get(qualified)


def typename_of(qualified: str) -> TypeName | None:
    return _NAMES.get(qualified)


ALL_BUILTIN_NAMES: tuple[TypeName, ...] = tuple(_NAMES.values())
