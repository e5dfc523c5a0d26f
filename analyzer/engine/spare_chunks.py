"""Python's frame stack, with its spare chunks kept while numba compiles.

CPython (3.11 and later) keeps its frames on a stack of memory chunks, 16 KiB
each: a call that does not fit maps a new chunk from the operating system, and
the return that empties it unmaps it again. numba's compiler recurses deeply
(typing a kernel types the kernels it calls; inlining deep-copies numba's IR),
so when its recursion swings back and forth across a chunk's edge, every swing
maps, faults in and unmaps a chunk. Measured on a first compilation of the
engine: 1 to 4 million page faults, 10 to 40 s of system time depending on how
deep the compilation happened to start, most of it from these chunks.

`keep_spare_chunks()` installs an allocator for that memory (CPython's
PyObject_SetArenaAllocator, which serves both the frame-stack chunks and the
allocator's 1 MiB arenas) that maps and unmaps exactly as CPython's own does,
except that a freed chunk smaller than an arena is kept (up to SPARE of them) and
handed back to the next request of its size. Every block, kept or not, comes from
mmap, so a block mapped before the switch may be freed after it. The two
functions are a few lines of LLVM code compiled here through llvmlite (numba's
own LLVM), since they run while Python pushes a frame and so cannot be Python.
CPython calls them with the GIL held, which is their only lock.

It is installed once per process, at its first compilation (engine/jit.py), and
only on Linux x86-64 (the mmap numbers below are that platform's)."""

from __future__ import annotations

import ctypes
import platform
import sys

import llvmlite.binding as llvm

SPARE = 64  # chunks kept at most: 1 MiB of 16 KiB chunks
ARENA = 1 << 20  # CPython's arena size: arenas are unmapped as before

_IR = f"""
@slots = internal global [{SPARE} x i8*] zeroinitializer
@sizes = internal global [{SPARE} x i64] zeroinitializer
@count = internal global i64 0

declare i8* @mmap(i8*, i64, i32, i32, i32, i64)
declare i32 @munmap(i8*, i64)

define i8* @spare_alloc(i8* %ctx, i64 %size) {{
entry:
  %n = load i64, i64* @count
  %has = icmp ugt i64 %n, 0
  br i1 %has, label %check, label %fresh
check:
  %i = sub i64 %n, 1
  %sp = getelementptr [{SPARE} x i64], [{SPARE} x i64]* @sizes, i64 0, i64 %i
  %s = load i64, i64* %sp
  %same = icmp eq i64 %s, %size
  br i1 %same, label %reuse, label %fresh
reuse:
  %pp = getelementptr [{SPARE} x i8*], [{SPARE} x i8*]* @slots, i64 0, i64 %i
  %p = load i8*, i8** %pp
  store i64 %i, i64* @count
  ret i8* %p
fresh:
  ; PROT_READ|PROT_WRITE, MAP_PRIVATE|MAP_ANONYMOUS, as CPython's own arena allocator
  %m = call i8* @mmap(i8* null, i64 %size, i32 3, i32 34, i32 -1, i64 0)
  %failed = icmp eq i8* %m, inttoptr (i64 -1 to i8*)
  %r = select i1 %failed, i8* null, i8* %m
  ret i8* %r
}}

define void @spare_free(i8* %ctx, i8* %p, i64 %size) {{
entry:
  %small = icmp ult i64 %size, {ARENA}
  %n = load i64, i64* @count
  %room = icmp ult i64 %n, {SPARE}
  %keep = and i1 %small, %room
  br i1 %keep, label %push, label %unmap
push:
  %pp = getelementptr [{SPARE} x i8*], [{SPARE} x i8*]* @slots, i64 0, i64 %n
  store i8* %p, i8** %pp
  %sp = getelementptr [{SPARE} x i64], [{SPARE} x i64]* @sizes, i64 0, i64 %n
  store i64 %size, i64* %sp
  %n1 = add i64 %n, 1
  store i64 %n1, i64* @count
  ret void
unmap:
  %u = call i32 @munmap(i8* %p, i64 %size)
  ret void
}}
"""


class _ArenaAllocator(ctypes.Structure):
    _fields_ = [("ctx", ctypes.c_void_p), ("alloc", ctypes.c_void_p), ("free", ctypes.c_void_p)]


_installed: list = []  # the engine and the allocator: they must outlive every chunk


def supported() -> bool:
    linux_x86 = sys.platform == "linux" and platform.machine() == "x86_64"
    return linux_x86 and sys.version_info >= (3, 11)


def keep_spare_chunks() -> bool:
    """Install the allocator once; whether it is installed."""
    if _installed:
        return True
    if not supported():
        return False

    llvm.initialize_native_target()
    llvm.initialize_native_asmprinter()
    module = llvm.parse_assembly(_IR)
    module.verify()
    machine = llvm.Target.from_default_triple().create_target_machine()
    engine = llvm.create_mcjit_compiler(module, machine)
    engine.finalize_object()
    allocator = _ArenaAllocator(
        None, engine.get_function_address("spare_alloc"), engine.get_function_address("spare_free")
    )
    set_allocator = ctypes.pythonapi.PyObject_SetArenaAllocator
    set_allocator.argtypes = [ctypes.POINTER(_ArenaAllocator)]
    set_allocator.restype = None
    _installed.extend([engine, module, allocator])
    set_allocator(ctypes.byref(allocator))
    return True
