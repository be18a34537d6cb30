"""How compiled functions reach one another (issue 29).

numba copies the whole compiled code of every callee (its module, with all of
*its* callees) into each caller, then optimises it and generates machine code
for it again: in a kernel of hundreds of functions with a deep call graph, a
function is compiled once more for every function above it.  Here a callee
whose code is over ``LINKED_MAX`` bytes of bitcode is called, not copied: the
caller keeps a declaration, which the JIT resolves to the callee's own machine
code.  LLVM inlines only small functions, so the large copies bought little
speed (benchmarks/RESULTS.md, "Cold compile: large callees called, not copied").

Two things keep such calls sound:
- a function's symbol is named by its source (the digest of its module and the
  modules it imports, as its cache entry is stamped; ``compiling.closure_digest``)
  instead of numba's count of functions compiled in the process, so a caller
  compiled in one process calls the symbol that another process compiled;
- a cached function lists the functions it calls without a copy (numba's
  ``reload_init``), and loading it loads them first.

numba also times every LLVM call for its compile statistics; with hundreds of
nested cache loads that timing cost more than the calls, and nothing here
reads it, so it is switched off.

Written against numba 0.68's code generation (pyproject.toml pins it).
"""
from __future__ import annotations

import hashlib
import importlib
import os
import sys
import weakref

from llvmlite.binding import ffi
from numba.core import base, bytecode, codegen

LINKED_MAX = 80_000          # bytes of bitcode: a callee this small is copied, for LLVM to inline
_callees: dict[str, "Callee"] = {}          # symbol -> how to load the function that defines it
_sizes: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()   # a Callee's library -> its size, once asked


class Callee:
    """One overload of a module-level compiled function, which a cached caller
    runs before it loads: it loads (or compiles) the callee, so that the
    caller's call resolves."""

    def __init__(self, modname: str, qualname: str, argtypes: tuple):
        self.key = (modname, qualname, tuple(argtypes))

    def __call__(self) -> None:
        modname, qualname, argtypes = self.key
        getattr(importlib.import_module(modname), qualname).compile(argtypes)

    def __eq__(self, other) -> bool:
        return isinstance(other, Callee) and self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)


def _callable(fndesc) -> bool:
    """A function whose symbol is named by its source (``_from_function``) and
    that its module holds by its name, compiled (a numba dispatcher): only
    such a function can be found and loaded again under the same symbol."""
    dispatcher = getattr(sys.modules.get(fndesc.modname), fndesc.qualname, None)
    return (isinstance(fndesc.uid, str)
            and getattr(getattr(dispatcher, "py_func", None), "__qualname__", None) == fndesc.qualname)


def _from_function(cls, pyfunc, _numba=bytecode.FunctionIdentity.from_function.__func__):
    """numba's FunctionIdentity, with the unique id of a function in a source
    file outside numba made from that source."""
    from .compiling import closure_digest
    self = _numba(cls, pyfunc)
    if (os.path.isfile(self.filename) and "<locals>" not in self.func_qualname
            and self.modname.split(".")[0] != "numba"):
        try:
            st = os.stat(self.filename)
            source = closure_digest(self.filename, (st.st_mtime, st.st_size))
        except (OSError, SyntaxError):          # the file gone or half-edited since: numba's own id
            return self
        self.unique_id = "s" + hashlib.sha256(source + self.func_qualname.encode()).hexdigest()[:16]
        self.unique_name = f"{self.func_qualname}${self.unique_id}"
    return self


def _insert_user_function(self, func, fndesc, libs=(), _numba=base.BaseContext.insert_user_function):
    """numba's registration of a compiled or loaded function, noting how to
    load it by its symbol, and its library as one that may be called."""
    if _callable(fndesc):
        _callees[fndesc.mangled_name] = Callee(fndesc.modname, fndesc.qualname, fndesc.argtypes)
        for lib in libs:
            _sizes.setdefault(lib, None)
    _numba(self, func, fndesc, libs)


def _called(library) -> bool:
    """A registered function's library over LINKED_MAX bytes of bitcode."""
    if library not in _sizes:
        return False
    if _sizes[library] is None:
        _sizes[library] = len(library._get_module_for_linking().as_bitcode())
    return _sizes[library] > LINKED_MAX


def _add_linking_library(self, library, _numba=codegen.CPUCodeLibrary.add_linking_library):
    """Copy ``library`` into this one, unless its function is to be called."""
    if _called(library):
        library._ensure_finalized()
    else:
        _numba(self, library)


def _finalize(self, _numba=codegen.CPUCodeLibrary.finalize):
    """numba's finalize; then each function this library calls without a copy
    is loaded before it whenever it is loaded from the cache."""
    _numba(self)
    for fn in self._final_module.functions:
        if fn.is_declaration and fn.name in _callees:
            self._reload_init.add(_callees[fn.name])


def install() -> None:
    """Patch numba, once a process (balance's import does it)."""
    if codegen.CPUCodeLibrary.finalize is _finalize:
        return
    bytecode.FunctionIdentity.from_function = classmethod(_from_function)
    base.BaseContext.insert_user_function = _insert_user_function
    codegen.CPUCodeLibrary.add_linking_library = _add_linking_library
    codegen.CPUCodeLibrary.finalize = _finalize
    for acquire, release in list(ffi.lib._lock._cblist):
        if acquire.__module__ == base.__name__:        # numba's timing of the LLVM lock
            ffi.unregister_lock_callback(acquire, release)
