"""Groups of arrays handed to the kernel as one pointer (numba StructRef).

numba passes every member of a tuple to every call by value, so a NamedTuple
of a dozen arrays makes each small helper call cost tens of nanoseconds; a
StructRef is passed as a single pointer (measured: ~10x faster calls).  With
the JIT off (NUMBA_DISABLE_JIT=1) a plain NamedTuple with the same fields is
used instead, so the very same rules code runs as plain Python.

Even one pointer is reference-counted: each call of a compiled function taking
the State and the Tables costs four atomic count updates (dearer than a small
predicate's whole body), and numba's refcount pruning seldom removes them --
they were a quarter of the kernel's time.  The tiny accessors and predicates
that inner loops call (is_being, realm_of, weight, score, effect_sum, ...) are
therefore declared ``@njit(cache=True, inline="always")``: numba inlines them
before compiling the caller and their counting disappears.  Larger helpers
stay calls (inlining them too lengthened compilation with no measured gain).

The StructRef classes must be defined at module level (numba's on-disk cache
finds them by name); ``array_struct`` completes them.
"""
from collections import namedtuple

from numba import config, njit, types
from numba.experimental import structref


class ArrayStructType(types.StructRef):
    """Base of the kernel's StructRef types: fields keep their array types."""
    def preprocess_fields(self, fields):
        return tuple((name, types.unliteral(typ)) for name, typ in fields)


def _getter(field):
    scope = {}
    exec(f"def get(s):\n    return s.{field}\n", scope)
    return property(njit(scope["get"]))


def array_struct(fe_type, proxy, fields):
    """Register ``fe_type``/``proxy`` with ``fields`` and return ``make(**arrays)``:
    the StructRef (or, with the JIT off, a NamedTuple) of those arrays."""
    structref.register(fe_type)
    for f in fields:
        setattr(proxy, f, _getter(f))
    structref.define_proxy(proxy, fe_type, list(fields))
    plain = namedtuple(proxy.__name__, fields)

    def make(**arrays):
        values = [arrays[f] for f in fields]
        return plain(*values) if config.DISABLE_JIT else proxy(*values)
    return make
