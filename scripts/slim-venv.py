#!/usr/bin/env python3
"""Shrinks a virtualenv for the image (the Dockerfile's runtime stage runs this on the job tasks'
environment): removes what only a package's own developers use (test suites, C headers, Cython
sources, __pycache__) and hard-links files that wheels ship as identical copies (pyarrow's
libarrow_python.so three times, for one), so a layer stores each once.

Usage: slim-venv.py VENV
"""
import filecmp
import os
import shutil
import sys

DEV_DIRS = {"tests", "__pycache__"}
DEV_SUFFIXES = (".pyx", ".pxd", ".pxi", ".h", ".hpp", ".c", ".cc", ".cpp", ".pyc")


def main():
    root = sys.argv[1]
    site = [os.path.join(dp, d) for dp, ds, _ in os.walk(root) for d in ds if d == "site-packages"]
    removed = 0
    for sp in site:
        for dp, ds, fs in os.walk(sp, topdown=True):
            for d in list(ds):
                # a package's include/ (pyarrow's, numpy's core/include) holds only C headers
                if d in DEV_DIRS or (d == "include" and dp != sp):
                    p = os.path.join(dp, d)
                    removed += sum(os.path.getsize(os.path.join(a, f)) for a, _, fl in os.walk(p) for f in fl
                                   if not os.path.islink(os.path.join(a, f)))
                    shutil.rmtree(p)
                    ds.remove(d)
            for f in fs:
                p = os.path.join(dp, f)
                if f.endswith(DEV_SUFFIXES) and not os.path.islink(p):
                    removed += os.path.getsize(p)
                    os.remove(p)
    linked = 0
    by_size = {}
    for dp, _, fs in os.walk(root):
        for f in fs:
            p = os.path.join(dp, f)
            if os.path.islink(p):
                continue
            s = os.path.getsize(p)
            if s >= 1 << 20:
                by_size.setdefault(s, []).append(p)
    for paths in by_size.values():
        for i, p in enumerate(paths):
            for q in paths[:i]:
                if os.stat(p).st_ino != os.stat(q).st_ino and filecmp.cmp(p, q, shallow=False):
                    os.remove(p)
                    os.link(q, p)
                    linked += os.path.getsize(q)
                    break
    print(f"slim-venv: {removed // 1024 // 1024} MB of tests, headers and sources removed, "
          f"{linked // 1024 // 1024} MB of identical copies hard-linked in {root}")


if __name__ == "__main__":
    main()
