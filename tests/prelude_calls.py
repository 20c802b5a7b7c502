"""Calls typed in a world with the shipped prelude, for the prelude's rule tests (tests/world/):
`prelude_world()` builds one (a file declaring only `global Main.g`), `fn` resolves a name in Main,
`call` types a call of it (argument types as text or lattice elements), `shown` prints the result."""
from irc.lattice.typeprint import show
from irc.syntax.parser import parse_expr, parse_text
from irc.world.world import World

M = ("Main",)


def prelude_world() -> World:
    return World.build(parse_text("global Main.g\n", "decls.ir").items, prelude=True)


def fn(world, name):
    return world.value_of(parse_expr(name), M)


def call(world, callee, *args):
    f = fn(world, callee) if isinstance(callee, str) else callee
    return world.call(f, [world.parse_type(a) if isinstance(a, str) else a for a in args], M).rt


def shown(world, callee, *args):
    return show(call(world, callee, *args))
