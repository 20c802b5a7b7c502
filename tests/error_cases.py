"""Malformed inputs, one per kind of located error (spec §4); snapshot-tested by
tests/syntax/test_error_messages.py and reused by other stages' tests."""

F = "function f(x::Int64)\n"
CASES = {
    "unclosed_call": F + "1 ─ %1 = Main.g(x\n└──      return %1\nend\n",
    "stray_close": F + "1 ─ %1 = x + )\n└──      return %1\nend\n",
    "missing_operand": F + "1 ─ %1 = x *\n└──      return %1\nend\n",
    "bad_line_start": F + "1 ─ %1 = x\n= 3\n└──      return %1\nend\n",
    "goto_without_block": F + "1 ─      goto x\nend\n",
    "goto_if_missing_not": F + "1 ─      goto #2 if %1\n2 ─      return x\nend\n",
    "nul_byte": F + "1 ─ %1 = x\0\n└──      return %1\nend\n",
    # `¶` is no identifier character (a currency sign such as `¤` is one, in Julia as in irc)
    "unknown_character": F + "1 ─ %1 = x ¶ 1\n└──      return %1\nend\n",
    "declare_without_result": "declare Main.g(::Int64)\n",
    "declare_bad_refinement": "declare Main.g(x::Int64)::Bool iff x\n",
    "struct_bad_field": "struct P\n    x::Int64 = 3\nend\n",
    "struct_without_end": "struct P\n    x::Int64\n" + F + "1 ─      return x\nend\n",
    "statement_outside_function": "1 ─ %1 = Main.g(1)\n",
    "function_without_end": F + "1 ─      return x\n",
    "unexpected_end": "end\n",
    "bad_where_variable": "declare Main.g(::Vector{T})::T where 3\n",
    "undefined_ssa": F + "1 ─ %1 = Main.g(%7)\n└──      return %1\nend\n",
    "ssa_used_before_definition": F + "1 ─ %1 = Main.g(%2)\n│   %2 = x\n└──      return %1\nend\n",
    "duplicate_label": F + "1 ─ %1 = x\n│   %1 = x\n└──      return %1\nend\n",
    "jump_to_missing_block": F + "1 ─      goto #5\nend\n",
    "missing_header_after_terminator": F + "1 ─ %1 = x\n└──      goto #2 if not %1\n         return 1\n2 ─      return 2\nend\n",
    "missing_header_at_jump_target": F + "1 ─      y = 0\n│   %2 = y\n└──      goto #2\nend\n",
    "header_number_mismatch": F + "1 ─ %1 = x\n└──      goto #3 if not %1\n3 ─      return 1\n2 ─      return 2\nend\n",
    "unknown_slot": F + "1 ─      return @_9\nend\n",
    "local_section_slot_mismatch": "MethodInstance for g(::Int64)\n  from g(x) @ Main REPL[1]:1\nArguments\n"
                                   "  #self#::Core.Const(g)\n  x::Int64\nLocals\n  y@_4::Int64\nBody::Int64\n1 ─      return x\n",
    "entries_before_body": "MethodInstance for g(::Int64)\n  from g(x) @ Main REPL[1]:1\nArguments\n  #self#::Core.Const(g)\n"
                           "  x::Int64\n1 ─      return x\n",
    "codeinfo_not_closed": F + "CodeInfo(\n1 ─      return x\nend\n",
    "empty_body": F + "end\n",
    "several_errors": "declare Main.g(\n" + F + "1 ─ %1 = (x +\n│   %2 = x ++ )\n└──      return %9\nend\nstruct\n",
    "variables_without_self": "Variables\n  x::Int64\n\nBody::Int64\n1 ─      return x\n",
    # issue 12: a typo in a header is one error (with the word it misspells), not one per line of its function
    "mistyped_methodinstance_header": "ethodInstance for g(::Float64)\n  from g(x) @ Main REPL[9]:1\nArguments\n"
                                      "  #self#::Core.Const(g)\n  x::Float64\nLocals\n  y::Float64\nBody::Float64\n"
                                      "1 ─      (y = x)\n│   %2 = y\n└──      return %2\n",
    "mistyped_function_header": "functon f(x::Int64)\n1 ─ %1 = x\n└──      return %1\nend\n",
    # a line a page broke in two (a wrap, an output split into boxes: held-out h226, r322): one error for both
    "line_broken_in_two": "MethodInstance for g(::\nVector{Int64})\n  from g(v) @ Main REPL[1]:1\nArguments\n"
                          "  #self#::Core.Const(g)\n  v::Vector{Int64}\nBody::Int64\n1 ─ %1 = Base.length(v\n"
                          "::Vector{Int64})::Int64\n└──      return %1\n",
    # the same, broken inside a slot name (`x@_` / `4::Int64))`: held-out h510): the error at the line's last token
    "name_broken_in_two": "Variables\n  #self#::Core.Const(f)\n  x@_2::Int64\n  x@_3::Float64\n\nBody::Float64\n"
                          "1 ─      (x@_3 = Main.convert(Main.Float64, x@_\n2::Int64))\n└──      return x@_3\n",
}
