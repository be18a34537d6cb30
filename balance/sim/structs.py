"""Groups of arrays handed to the kernel as one pointer, with no reference counting.

numba passes every member of a tuple to every call by value, so a NamedTuple
of a dozen arrays makes each small helper call cost tens of nanoseconds.  A
numba StructRef is passed as one pointer, but it and every array read from it
are reference-counted: each call and each field read costs atomic count
updates, which were 29% of the kernel's time (perf, 8,000 games).

So the kernel's State and Tables are *handles* instead: a pointer to a block
of numba array headers, built here from numpy arrays that the Python object
owns for as long as the kernel runs.  The handle's type (``ArrayStructType``)
has no meminfo, and its fields have the type ``BorrowedArray``: numba's array
with the same layout, whose data model reports no meminfo either, so numba
emits no reference counting for them at all.  The headers never change while
the kernel runs, so their loads are marked invariant: LLVM may keep a field's
data pointer and strides in registers across writes to the arrays.  A slice of a field is an
ordinary array whose meminfo is NULL (counting it is a cheap no-op).

A field is indexed without wraparound: numba, like Python, reads ``a[-1]`` as
the last element, which costs every index a test of its sign (and a longer
chain of dependent instructions from a loaded index to the load it addresses).
The kernel never counts from the end, so a handle's arrays take their integer
indices as unsigned (``_unsigned_indices``, over numba's own array lowering in
``numba.np.arrayobj``; numba is pinned in pyproject.toml): a negative one would
read outside the array.  NUMBA_BOUNDSCHECK=1 catches it in compiled code.

With the JIT off (NUMBA_DISABLE_JIT=1) a plain NamedTuple with the same fields
is used instead, so the very same rules code runs as plain Python; its arrays
(``NoWrap``) refuse a negative index, so that a test run with the JIT off finds
any that the compiled kernel would misread.

The handle types must be defined at module level (numba's on-disk cache finds
them by name); ``array_struct`` completes them.
"""
import operator
from collections import namedtuple

import numpy as np
from llvmlite import ir
from numba import config, typeof
from numba.core import cgutils, types
from numba.core.datamodel import models
from numba.core.extending import (
    NativeValue,
    infer_getattr,
    lower_cast,
    lower_getattr_generic,
    register_model,
    typeof_impl,
    unbox,
)
from numba.core.imputils import impl_ret_borrowed, lower_builtin
from numba.core.typing.templates import AttributeTemplate
from numba.np import arrayobj


class BorrowedArray(types.Array):
    """An array field of a handle: owned by Python, never reference-counted."""
    def __init__(self, dtype, ndim, layout, readonly=False, aligned=True):
        super().__init__(dtype, ndim, layout, readonly=readonly, aligned=aligned,
                         name=f"borrowed array({dtype}, {ndim}d, {layout})")


@register_model(BorrowedArray)
class BorrowedArrayModel(models.ArrayModel):
    """numba's array layout, minus the reference counting of its meminfo."""
    def traverse(self, builder):
        return []

    def contains_nrt_meminfo(self):
        return False


@lower_cast(BorrowedArray, types.Array)
def _borrowed_to_array(context, builder, fromty, toty, val):
    return val


def _unsigned_indices(context, builder, idxty, idx):
    """(types, values) of an index or a tuple of them, integers made unsigned:
    numba wraps signed integer indices around, unsigned ones it does not."""
    if isinstance(idxty, types.BaseTuple):
        index_types, indices = idxty.types, cgutils.unpack_tuple(builder, idx, count=len(idxty))
    else:
        index_types, indices = (idxty,), (idx,)
    index_types, indices = arrayobj.normalize_indices(context, builder, index_types, indices)
    unsigned = [(types.uintp, context.cast(builder, v, ty, types.intp))
                if isinstance(ty, types.Integer) and ty.signed else (ty, v)
                for ty, v in zip(index_types, indices)]
    return [ty for ty, _ in unsigned], [v for _, v in unsigned]


@lower_builtin(operator.getitem, BorrowedArray, types.Integer)
@lower_builtin(operator.getitem, BorrowedArray, types.BaseTuple)
def _getitem(context, builder, sig, args):
    """``field[index]``: numba's basic indexing, without wraparound."""
    aryty, idxty = sig.args
    index_types, indices = _unsigned_indices(context, builder, idxty, args[1])
    if any(isinstance(ty, types.Array) for ty in index_types):
        return arrayobj.getitem_array_tuple(context, builder, sig, args)
    ary = arrayobj.make_array(aryty)(context, builder, args[0])
    res = arrayobj._getitem_array_generic(context, builder, sig.return_type, aryty, ary, index_types, indices)
    return impl_ret_borrowed(context, builder, sig.return_type, res)


@lower_builtin(operator.setitem, BorrowedArray, types.Any, types.Any)
def _setitem(context, builder, sig, args):
    """``field[i, j] = value`` for one element, without wraparound; anything
    else (a slice assigned) as numba does it."""
    aryty, idxty, valty = sig.args
    index_types, indices = _unsigned_indices(context, builder, idxty, args[1])
    if len(index_types) != aryty.ndim or not all(isinstance(ty, types.Integer) for ty in index_types):
        return arrayobj.setitem_array(context, builder, sig, args)
    ary = arrayobj.make_array(aryty)(context, builder, args[0])
    ptr, _, _ = arrayobj.basic_indexing(context, builder, aryty, ary, index_types, indices,
                                        boundscheck=context.enable_boundscheck)
    arrayobj.store_item(context, builder, aryty, context.cast(builder, args[2], valty, aryty.dtype), ptr)


class NoWrap(np.ndarray):
    """A handle's array with the JIT off: a negative integer index is an error,
    as the compiled kernel, which does not wrap around, would misread it."""
    def __getitem__(self, index):
        _refuse_negative(index)
        return super().__getitem__(index)

    def __setitem__(self, index, value):
        _refuse_negative(index)
        super().__setitem__(index, value)


def _refuse_negative(index):
    for k in index if isinstance(index, tuple) else (index,):
        if isinstance(k, (int, np.integer)) and k < 0:
            raise IndexError(f"index {k}: the kernel's arrays are never indexed from the end")


class ArrayStructType(types.Type):
    """Base of the kernel's handle types: ``fields`` = ((name, BorrowedArray), ...)."""
    def __init__(self, fields):
        self.fields = tuple(fields)
        self.field_dict = dict(self.fields)
        super().__init__(name=f"{type(self).__name__}({', '.join(f'{n}: {t}' for n, t in self.fields)})")


class Handle:
    """Base of the Python side of a handle: its arrays are fixed once made (the
    kernel holds pointers to them), so an attribute may be written into, never
    replaced."""
    def __setattr__(self, name, value):
        raise AttributeError(f"{type(self).__name__}.{name}: a handle's arrays are fixed; write into them instead")


def _header_words(a):
    """numba's array header of ``a`` as int64 words: meminfo and parent NULL,
    nitems, itemsize, data pointer, shape, strides (models.ArrayModel)."""
    return [0, 0, a.size, a.itemsize, a.ctypes.data, *a.shape, *a.strides]


def _register(fe_type, proxy):
    """Teach numba to type, unbox and read the fields of ``proxy`` objects."""
    register_model(fe_type)(models.OpaqueModel)

    @typeof_impl.register(proxy)
    def _typeof(val, c):
        return val._numba_type

    @unbox(fe_type)
    def _unbox(typ, obj, c):
        address = c.pyapi.object_getattr_string(obj, "_address")
        ptr = c.pyapi.long_as_voidptr(address)
        c.pyapi.decref(address)
        return NativeValue(ptr)

    @infer_getattr
    class _Fields(AttributeTemplate):
        key = fe_type

        def generic_resolve(self, typ, attr):
            return typ.field_dict.get(attr)

    @lower_getattr_generic(fe_type)
    def _getattr(context, builder, typ, val, attr):
        headers = ir.LiteralStructType([context.get_value_type(t) for _, t in typ.fields])
        k = [name for name, _ in typ.fields].index(attr)
        header = builder.load(cgutils.gep_inbounds(builder, builder.bitcast(val, headers.as_pointer()), 0, k))
        header.set_metadata("invariant.load", builder.module.add_metadata([]))
        return header


def array_struct(fe_type, proxy, fields):
    """Register ``fe_type``/``proxy`` with ``fields`` and return ``make(**arrays)``:
    the handle (or, with the JIT off, a NamedTuple) of those arrays."""
    _register(fe_type, proxy)
    plain = namedtuple(proxy.__name__, fields)

    def make(**arrays):
        values = [np.ascontiguousarray(arrays[f]) for f in fields]
        if config.DISABLE_JIT:
            return plain(*[v.view(NoWrap) for v in values])
        obj = proxy()
        for f, a in zip(fields, values):
            object.__setattr__(obj, f, a)
        headers = np.array([w for a in values for w in _header_words(a)], dtype=np.int64)
        object.__setattr__(obj, "_headers", headers)
        object.__setattr__(obj, "_address", headers.ctypes.data)
        kinds = tuple((f, BorrowedArray(t.dtype, t.ndim, t.layout, readonly=not t.mutable))
                      for f, t in ((f, typeof(a)) for f, a in zip(fields, values)))
        object.__setattr__(obj, "_numba_type", fe_type(kinds))
        return obj
    return make
