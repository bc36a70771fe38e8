# The sandbox's Python driver: runs once when a Python worker boots (before any program), then
# `_sandbox_run` runs exactly one program. It makes the missing capabilities fail with a clear
# message; the isolation itself comes from the runtime (no network, processes or host files
# exist in the guest realm), not from these patches.
import asyncio
import errno
import importlib.util
import io
import json
import os
import random
import runpy
import selectors
import socket
import subprocess
import sys
import time
import traceback
import types
import unittest
import warnings

WORKSPACE = "/workspace"
NO_NETWORK = "network access is disabled in the sandbox"
NO_PROCESSES = "child processes are not available in the sandbox"

os.environ.clear()
sys.dont_write_bytecode = True


def _no_processes(*_args, **_kwargs):
    raise PermissionError(errno.EPERM, NO_PROCESSES)


for _name in (
    "system", "popen", "fork", "forkpty", "execv", "execve", "execl", "execle", "execlp", "execlpe",
    "execvp", "execvpe", "spawnl", "spawnle", "spawnlp", "spawnlpe", "spawnv", "spawnve", "spawnvp",
    "spawnvpe", "posix_spawn", "posix_spawnp", "kill", "killpg",
):
    setattr(os, _name, _no_processes)


def _popen_refused(self, *_args, **_kwargs):
    raise PermissionError(errno.EPERM, NO_PROCESSES)


subprocess.Popen._execute_child = _popen_refused


def _no_network(*_args, **_kwargs):
    raise OSError(errno.ENETUNREACH, NO_NETWORK)


def _no_resolver(*_args, **_kwargs):
    raise socket.gaierror(socket.EAI_FAIL, "name resolution is disabled in the sandbox (no network)")


for _name in ("connect", "connect_ex", "bind", "listen", "sendto", "sendmsg"):
    setattr(socket.socket, _name, _no_network)
socket.create_connection = _no_network
socket.create_server = _no_network
for _name in ("getaddrinfo", "gethostbyname", "gethostbyname_ex", "gethostbyaddr"):
    setattr(socket, _name, _no_resolver)

class _SleepSelector(selectors.BaseSelector):
    """asyncio without I/O: the loop only waits for its timers (there are no sockets or pipes)."""

    def __init__(self):
        self._map = {}

    def register(self, fileobj, events, data=None):
        raise OSError(errno.ENOTSUP, "file and socket events are not available in the sandbox")

    def unregister(self, fileobj):
        raise KeyError(fileobj)

    def select(self, timeout=None):
        if timeout is None:
            raise RuntimeError("the event loop would wait forever: nothing is scheduled")
        if timeout > 0:
            time.sleep(timeout)
        return []

    def get_map(self):
        return self._map


class _SandboxLoop(asyncio.SelectorEventLoop):
    def __init__(self):
        super().__init__(_SleepSelector())

    def _make_self_pipe(self):
        pass

    def _close_self_pipe(self):
        pass

    def _write_to_self(self):
        pass


_PolicyBase = getattr(asyncio.events, "BaseDefaultEventLoopPolicy", None) or asyncio.events._BaseDefaultEventLoopPolicy


class _SandboxPolicy(_PolicyBase):
    _loop_factory = _SandboxLoop


def _standard_asyncio():
    """Pyodide's browser event loop needs WebAssembly stack switching; use a plain loop instead."""
    asyncio.run = asyncio.runners.run
    asyncio.events._set_running_loop(None)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        asyncio.set_event_loop_policy(_SandboxPolicy())


_standard_asyncio()


# Modules most programs and tests use, imported now so a run does not pay for them.
for _name in ("argparse", "collections", "dataclasses", "datetime", "functools", "itertools", "math",
              "random", "re", "string", "textwrap", "typing", "unittest.mock"):
    try:
        importlib.import_module(_name)
    except Exception:  # noqa: BLE001 - an optional warm-up
        pass


def _is_test_file(entry):
    base = os.path.basename(entry)
    return base.endswith(".py") and (base.startswith("test_") or base.endswith("_test.py"))


def _user_traceback(exc):
    """The traceback from the program's first frame on (the driver's and runpy's frames dropped)."""
    internal = (_sandbox_run.__code__.co_filename, runpy.__file__, importlib.util.__file__)
    tb = exc.__traceback__
    while tb is not None and (tb.tb_frame.f_code.co_filename in internal
                              or tb.tb_frame.f_code.co_filename.startswith("<frozen")):
        tb = tb.tb_next
    return tb


def _print_exception(exc):
    tb = _user_traceback(exc)
    if isinstance(exc, SyntaxError):
        tb = None
    traceback.print_exception(type(exc), exc, tb, file=sys.stderr)


def _exit_code(exc):
    code = exc.code
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=sys.stderr)
    return 1


def _run_tests(path):
    """Like `python -m unittest <file>`, plus top-level `test_*` functions (pytest style)."""
    name = os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    suite = unittest.defaultTestLoader.loadTestsFromModule(module)
    for attr, value in list(vars(module).items()):
        if (attr.startswith("test") and isinstance(value, types.FunctionType)
                and value.__module__ == module.__name__ and value.__code__.co_argcount == 0):
            suite.addTest(unittest.FunctionTestCase(value, description=attr))
    result = unittest.TextTestRunner(stream=sys.stderr, verbosity=2).run(suite)
    if result.testsRun == 0:  # the runner has said "NO TESTS RAN"
        return 5
    return 0 if result.wasSuccessful() else 1


def _write_workspace(files):
    for rel, content in files.items():
        full = os.path.join(WORKSPACE, rel)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8", newline="") as f:
            f.write(content)


def _changed_files(files, max_bytes):
    changed, total, skipped = {}, 0, 0
    for root, dirs, names in os.walk(WORKSPACE):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for n in sorted(names):
            full = os.path.join(root, n)
            rel = os.path.relpath(full, WORKSPACE)
            try:
                with open(full, "rb") as f:
                    data = f.read(max_bytes + 1)
                text = data.decode("utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            if files.get(rel) == text:
                continue
            if total + len(data) > max_bytes:
                skipped += 1
                continue
            changed[rel] = text
            total += len(data)
    return changed, skipped


def _sandbox_run(request_json):
    req = json.loads(request_json)
    files, entry = req["files"], req["entry"]
    # A worker may boot from a saved heap: fresh randomness and no environment for every run.
    os.environ.clear()
    random.seed()
    _standard_asyncio()
    sys.modules.pop("pyodide_js", None)
    os.makedirs(WORKSPACE, exist_ok=True)
    _write_workspace(files)
    os.chdir(WORKSPACE)
    sys.argv = [entry, *req.get("args", [])]
    # The entry's folder first (as `python <file>`), then the workspace root (as `python -m`
    # from the root), so tests in a subfolder can import the project's modules.
    entry_dir = os.path.dirname(os.path.join(WORKSPACE, entry))
    sys.path[:0] = [entry_dir] if entry_dir == WORKSPACE else [entry_dir, WORKSPACE]
    sys.stdin = io.TextIOWrapper(io.BytesIO(req.get("stdin", "").encode("utf-8")), encoding="utf-8")
    sys.stdout.reconfigure(line_buffering=True)
    sys.stderr.reconfigure(line_buffering=True)
    code = 0
    try:
        if _is_test_file(entry):
            code = _run_tests(os.path.join(WORKSPACE, entry))
        else:
            runpy.run_path(entry, run_name="__main__")
    except SystemExit as exc:
        code = _exit_code(exc)
    except BaseException as exc:  # noqa: BLE001 - an uncaught exception ends the program
        _print_exception(exc)
        code = 1
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except Exception:  # noqa: BLE001 - a closed stream
        pass
    changed, skipped = _changed_files(files, req.get("maxChangedBytes", 1 << 20))
    return json.dumps({"exitCode": code, "changedFiles": changed, "skippedFiles": skipped})
