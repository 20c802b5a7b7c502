"""Small hand-written programs shared by the output tests (not Julia's text)."""

LOOP = """\
declare Base.:(:)(::Int64, ::Int64)::UnitRange{Int64}
declare Base.iterate(::UnitRange{Int64})::Union{Nothing, Tuple{Int64, Int64}}
declare Base.iterate(::UnitRange{Int64}, ::Int64)::Union{Nothing, Tuple{Int64, Int64}}
declare Base.:*(::Int64, ::Int64)::Int64

function prodto(n::Int64)
1 ─       acc = 1
│   %2  = 1:n
│         @_3 = Base.iterate(%2)
│   %4  = @_3 === nothing
│   %5  = Base.not_int(%4)
└──       goto #4 if not %5
2 ┄ %7  = @_3
│         k = Core.getfield(%7, 1)
│   %9  = Core.getfield(%7, 2)
│         acc = acc * k
│         @_3 = Base.iterate(%2, %9)
│   %12 = @_3 === nothing
│   %13 = Base.not_int(%12)
└──       goto #4 if not %13
3 ─       goto #2
4 ┄       return acc
end
"""

# isa refinement, a maybe-undefined read, a branch on a constant (dead block 4)
BRANCH = """\
function pick(x::Union{Nothing, Int64}, b::Bool)
1 ─ %1 = x isa Int64
└──      goto #3 if not %1
2 ─      y = x
└──      goto #3
3 ┄ %5 = y
│   %6 = 1 === 2
└──      goto #5 if not %6
4 ─      return %5
5 ─      return nothing
end
"""

# try/catch: the catch block sees both values of r
TRY = """\
function guarded(a::Int64)
1 ─       r = 0
2 ─       $(Expr(:enter, #5))
3 ─       r = a
└──       $(Expr(:leave, 1))
4 ─       goto #6
5 ┄       r = 1.5
└──       goto #6
6 ┄       return r
end
"""

# Julia's answers in the input, two of them wrong on purpose
ANNOTATED = """\
MethodInstance for twice(::Int64)
  from twice(v) @ Main none:1
Arguments
  #self#::Core.Const(twice)
  v::Int64
Locals
  w::Float64
Body::Int64
1 ─      (w = Base.add_int(v, v))::Int64
│   %2 = Base.add_int(w, 1)::Int64
│   %3 = (1 === 1)::Bool
└──      return %2
"""
