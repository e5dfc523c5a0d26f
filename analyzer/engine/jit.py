"""How every engine and bot function is compiled.

All of them cache their machine code on disk (engine/__init__.py says where)
and skip the C callback wrapper nobody uses.

- `kernel`: the default, for everything the game loop calls. Two settings make
  kernels fast to run and to compile:
  - No reference counting (`_nrt=False`). The arrays a game works on are
    allocated by Python, once per thread (batch.run_batch), and outlive every
    call, so counting references to them is pure cost: with it on, each read of a
    named-tuple member (`g.reg`) and each call passing `g` or `t` made atomic
    increments and decrements, measured at about half of all game time. A
    kernel cannot allocate an array: numba refuses to compile one that tries
    ("NRT required but not enabled"), which keeps allocation out of the loop.
  - No Python entry point (`no_cpython_wrapper=True`). Unboxing the game and
    content tuples from Python objects is long generated code, and it cost about 12 s
    of a 52 s first compilation for functions only other kernels call. Calling
    a kernel from Python raises a TypeError (without the guard numba would jump
    to the missing entry point and crash the interpreter); tests and debugging
    sessions go through `python_entry(kernel)`.
- `inline_kernel`: a helper small enough, or called from few enough places,
  to be inlined into its caller by numba (it takes on the caller's settings).
  Numba copies and retypes the helper at every call site, so a helper called
  from many places compiles faster as a plain kernel; LLVM still inlines the
  small ones.
- `entry_point`: a function Python calls, the batch's: its machine code holds
  every kernel it calls, so a warm start loads it alone from the cache.
- `allocating`: a kernel with reference counting, for the few functions that
  create scratch arrays (the setup draws, the invariant checks). They run
  once per game or only in checked runs, so the counting costs nothing
  measurable. A kernel may call one as long as no array crosses back.
- `assume_equal`, `assume_nonnegative`: facts told to LLVM (`llvm.assume`) that
  numba cannot know: an array's shape as it is built (engine/state.py
  `assume_as_built`, checked in Python before any game) and an index that is never
  negative (which then needs no wraparound). docs/speed.md, "The arrays' shapes".

A kernel's library is linked and optimised but never emitted as machine code
(`EngineLibrary`): the entry point Python calls emits the whole engine once. While
numba compiles, Python's frame stack keeps its spare chunks (engine/spare_chunks.py).
Both are measured in docs/speed.md, "What compiles, and why".

These settings are numba internals (`_nrt`, `no_cpython_wrapper`, a dispatcher
subclass), which is why pyproject.toml pins numba to the minor version the
tests ran on.
"""

from __future__ import annotations

import sys

from llvmlite import ir
from llvmlite.binding import Linkage, parse_bitcode
from numba import njit, types
from numba.core import compiler
from numba.core.caching import FunctionCache
from numba.core.codegen import JITCodeLibrary, JITCPUCodegen
from numba.core.compiler_lock import global_compiler_lock
from numba.core.environment import lookup_environment
from numba.core.registry import CPUDispatcher
from numba.core.runtime import rtsys
from numba.extending import intrinsic

from analyzer.compile_cache import check_files_of
from analyzer.engine import bind_engine
from analyzer.engine.spare_chunks import keep_spare_chunks

bind_engine()  # every kernel compiles for the loaded game's ruleset, into its cache folder


def load_numba_registries() -> None:
    """Load numba's typing and lowering registries, as its first compilation or
    cache load in a process does, without SciPy. One of them (numba.np.arraymath)
    looks for SciPy's BLAS as it is imported, which imports scipy.linalg: about
    0.2 s of CPU of a 1.2 s warm start, for a BLAS the engine never calls. With
    SciPy hidden, np.dot of two vectors in numba code takes numba's own loop
    instead; any other linear algebra still imports SciPy when it is typed, and
    Python code imports it as usual."""
    if "numba.np.arraymath" in sys.modules or "scipy.linalg" in sys.modules:
        return  # loaded already, or SciPy's linear algebra costs nothing more
    hidden = "scipy.linalg" if "scipy" in sys.modules else "scipy"
    sys.modules[hidden] = None  # an import of it raises ImportError
    try:
        # lazy: loaded with SciPy hidden (see above)
        import numba.np.arraymath  # noqa: F401
    finally:
        if sys.modules.get(hidden, 0) is None:
            del sys.modules[hidden]


class EngineLibrary(JITCodeLibrary):
    """numba's code library, with one more way to finish: optimised, not built.

    numba finishes every compiled function's library the same way: it links in
    the libraries of the functions it calls, optimises the whole and emits
    machine code for all of it. For a kernel called only by other kernels the
    machine code is thrown away: its caller links the kernel's code and emits it
    again, and so on up to the batch entry point, so a function deep in the call
    tree was emitted once for every kernel above it. A kernel's library
    (`linked_only`) therefore links and optimises (which keeps the code its
    callers link small) but emits nothing; the entry point, whose library is
    finished in full, emits the engine once.

    Such a library has no machine code: it is cached as its LLVM code, which a
    later process links from the cache as it would a fresh one."""

    linked_only = False

    def finalize(self):
        if not self.linked_only:
            return super().finalize()
        self._raise_if_finalized()
        seen = set()
        for library in self._linking_libraries:
            if library not in seen:
                seen.add(library)
                self._reload_init.update(library._reload_init)
                self._final_module.link_in(library._get_module_for_linking(), preserve=True)
        self._optimize_final_module()  # keeps the module small for the callers that link it
        self._finalized = True

    def _optimize_final_module(self):
        if not self.linked_only:
            # Nothing outside this module calls the kernels it linked (their own
            # libraries have no machine code), so they may be internal: LLVM then
            # drops the arguments a kernel never reads (each call passed the whole
            # game and tables, about 150 numbers) and inlines more.
            for fn in self._final_module.functions:
                if not fn.is_declaration and fn.linkage == Linkage.linkonce_odr:
                    fn.linkage = Linkage.internal
        super()._optimize_final_module()

    @property
    def codegen(self):
        # numba asks a library's codegen to set the function's environment (a
        # global in its machine code); a linked-only library has none yet, and
        # the full library that links it sets it (_finalize_specific).
        return _NoMachineCode(self._codegen) if self.linked_only else self._codegen

    def _finalize_specific(self):
        # A library loaded from the cache has its machine code already; numba sets
        # its environments as it loads it (CompileResult._rebuild).
        loaded = getattr(self, "_compiled_object", None) is not None
        super()._finalize_specific()
        if loaded:
            return
        # The environments of the linked-only kernels this library's machine code
        # holds, as numba sets those of a library it loads from the cache.
        for gv in self._final_module.global_variables:
            env = lookup_environment(gv.name) if gv.name.startswith("_ZN08NumbaEnv") else None
            if env is not None and self._codegen._engine.get_global_value_address(gv.name):
                self._codegen.set_env(gv.name, env)

    def get_pointer_to_function(self, name):
        if self.linked_only:
            return 0  # no machine code: the kernel is reached only through a caller
        return super().get_pointer_to_function(name)

    def serialize_using_object_code(self):
        if not self.linked_only:
            return super().serialize_using_object_code()
        return (self.name, _LINKED, self._get_module_for_linking().as_bitcode())

    @classmethod
    def _unserialize(cls, codegen, state):
        name, kind, data = state
        if kind != _LINKED:
            return super()._unserialize(codegen, state)
        self = codegen.create_library(name)
        self.linked_only = True
        self._final_module = self._shared_module = parse_bitcode(data)
        self._finalized = True
        return self


class _NoMachineCode:
    """A linked-only library's codegen as numba's lowering sees it: it sets no
    environment, for there is no machine code to hold one yet."""

    def __init__(self, codegen):
        self._codegen = codegen

    def set_env(self, env_name, env):
        pass

    def __getattr__(self, name):
        return getattr(self._codegen, name)


_LINKED = "linked-llvm"  # the cache's name for a linked-only library
# Every library numba makes in this process is an EngineLibrary, so that the cache
# can load a linked-only one; any other library works exactly as numba's own.
JITCPUCodegen._library_class = EngineLibrary


class LoadingCache(FunctionCache):
    """numba's on-disk cache of one function, loading an entry without first
    loading every typing and lowering registry of numba.

    numba's own load refreshes the compiler's context first: it imports and installs
    all of numba's implementations (arrays, strings, dicts, random numbers, ...),
    about 0.3 s of CPU of a warm start, for a compiler that loading machine code
    never runs. Only numba's runtime (its allocator, which the engine's setup draws
    call) must be set up before the code links. A compilation refreshes the context
    itself (numba's compiler does), so after a miss nothing is left out; the miss
    loads the registries without SciPy first (load_numba_registries).

    Its files are checked before they are read (analyzer/compile_cache.py): a damaged
    one is moved aside and compiled again, never loaded."""

    def __init__(self, py_func):
        super().__init__(py_func)
        check_files_of(self)

    def load_overload(self, sig, target_context):
        rtsys.initialize(target_context)
        with self._guard_against_spurious_io_errors():
            loaded = self._load_overload(sig, target_context)
        if loaded is None:
            load_numba_registries()  # a compilation follows
        return loaded


class CachedDispatcher(CPUDispatcher):
    """A numba dispatcher that caches on disk, set up at its first compilation.

    numba's `cache=True` sets the cache up as the function is decorated, and that
    tests the cache folder by writing a file into it: about 1.2 s of a warm start
    for the engine's 370 cached functions, although a warm start loads one (the
    batch entry point, whose cached machine code holds every function it calls)."""

    _caching = False

    def enable_caching(self):
        self._cache = LoadingCache(self.py_func)

    def compile(self, sig):
        if not self._caching:
            # Under numba's compiler lock, and flagged once set up: a second thread
            # calling the entry point for the first time would otherwise compile it
            # afresh (5 s of CPU), not finding the cache the first thread is setting up.
            with global_compiler_lock:
                if not self._caching:
                    self.enable_caching()
                    self._caching = True
        return super().compile(sig)

    def _compilation_chain_init_hook(self):
        # numba looks up its installed extensions (every package's entry points)
        # before each call it has no machine code for; loading from the cache needs
        # none, and a compilation looks them up itself.
        pass


class KernelCompiler(compiler.Compiler):
    """numba's compiler, with the function's library linked only (EngineLibrary)."""

    def compile_extra(self, func):
        keep_spare_chunks()  # a compilation is on (not a load from the cache)
        library = self.state.targetctx.codegen().create_library(func.__qualname__)
        library.enable_object_caching()  # as numba's lowering does: the cache saves it
        library.linked_only = True
        self.state.library = library
        return super().compile_extra(func)


class KernelDispatcher(CachedDispatcher):
    """A numba dispatcher compiled without a Python entry point, once per
    argument type rather than once per constant."""

    def get_call_template(self, args, kws):
        # numba types a constant argument as its literal value and compiles the
        # callee for it: log_event alone was compiled 22 times (one per event
        # kind), 167 compilations for about 110 functions in all.
        args = tuple(types.unliteral(a) for a in args)
        kws = {key: types.unliteral(value) for key, value in kws.items()}
        return super().get_call_template(args, kws)

    def __call__(self, *args, **kwargs):
        name = self.py_func.__qualname__
        raise TypeError(
            f"{name} is an engine kernel, compiled without a Python entry point; "
            f"call it from another kernel, or from Python through "
            f"analyzer.engine.jit.python_entry({name})"
        )


KERNEL_OPTIONS = {
    "nopython": True,
    "no_cfunc_wrapper": True,
    "no_cpython_wrapper": True,
    "_nrt": False,
}


def _compiled(func, **options):
    return KernelDispatcher(
        py_func=func, locals={}, targetoptions=options, pipeline_class=KernelCompiler
    )


def kernel(func):
    return _compiled(func, **KERNEL_OPTIONS)


def allocating(func):
    return _compiled(func, **{**KERNEL_OPTIONS, "_nrt": True})


def entry_point(func):
    """A function Python calls (the batch's): released from the GIL, no reference
    counting (as a kernel), its cache loaded as LoadingCache says."""
    options = {"nopython": True, "no_cfunc_wrapper": True, "nogil": True, "_nrt": False}
    return CachedDispatcher(py_func=func, locals={}, targetoptions=options)


def inline_kernel(func):
    """njit(cache=True, no_cfunc_wrapper=True, inline="always"), its cache set up
    when first compiled (only a test calling it from Python compiles it alone)."""
    options = {"nopython": True, "no_cfunc_wrapper": True, "inline": "always"}
    return CachedDispatcher(py_func=func, locals={}, targetoptions=options)


_entries: dict = {}


def python_entry(func):
    """A Python-callable version of an engine function: for a kernel, a small
    jitted trampoline made once per process (not cached on disk: its cache key
    would hash the kernel's per-process identity); anything else as it is."""
    if not isinstance(func, KernelDispatcher):
        return func
    if func not in _entries:
        load_numba_registries()  # it compiles at its first call
        target = func

        @njit(no_cfunc_wrapper=True)
        def call(*args):
            return target(*args)

        _entries[func] = call
    return _entries[func]


def _assume(builder, condition) -> None:
    """An llvm.assume of `condition` (an i1) at this point of the code."""
    assume = builder.module.declare_intrinsic(
        "llvm.assume", fnty=ir.FunctionType(ir.VoidType(), [ir.IntType(1)])
    )
    builder.call(assume, [condition])


@intrinsic
def assume_equal(typingctx, value, constant):
    """Tell LLVM that `value` equals `constant` from here on (llvm.assume): an array
    shape known this way turns each index product into a multiply by a constant.
    Nothing checks it: a wrong assumption makes wrong code."""

    def codegen(context, builder, signature, args):
        _assume(builder, builder.icmp_signed("==", args[0], args[1]))
        return context.get_dummy_value()

    return types.none(value, constant), codegen


@intrinsic
def assume_nonnegative(typingctx, value):
    """Tell LLVM that `value` is 0 or more from here on (llvm.assume): used as an index
    it then needs no wraparound (numba adds the length to a negative index).
    Nothing checks it: a wrong assumption makes wrong code."""

    def codegen(context, builder, signature, args):
        _assume(builder, builder.icmp_signed(">=", args[0], ir.Constant(args[0].type, 0)))
        return context.get_dummy_value()

    return types.none(value), codegen
