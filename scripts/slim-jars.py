#!/usr/bin/env python3
"""Shrinks the image's jars (the Dockerfile's build stage runs this): native libraries for other
operating systems and CPUs than the image's own are removed from every jar, and DuckDB's native
library is removed from duckdb_jdbc's jar where minilake-duckdb-native.jar (first on the class path,
see api-server/pom.xml) already carries it. Java code is untouched.

Usage: slim-jars.py ARCH DIR...   (ARCH is `uname -m`: x86_64 or aarch64)
Prints what it removed, per jar, and the total.
"""
import os
import re
import shutil
import sys
import tempfile
import zipfile

NATIVE = re.compile(r"\.(so|dll|dylib|jnilib|a)($|[._])|\.so_")
FOREIGN_OS = re.compile(r"(?<![a-z0-9])(osx|darwin|mac|macos|windows|win|win32|win64|freebsd|openbsd|aix|sunos|"
                        r"solaris|android|musl)(?![a-z])")
ARCHES = {
    # the image's own CPU, in the spellings the libraries use
    "x86_64": re.compile(r"(?<![a-z0-9])(aarch64|aarch_64|arm64|armv7|armv6|armhf|arm|ppc64le|ppc64|ppc|s390x|riscv64|"
                         r"loongarch64|i386|i686|x86(?![_-]?64)|linux32|mips64|mips64el|sparcv9|e2k)(?![a-z])"),
    "aarch64": re.compile(r"(?<![a-z0-9])(amd64|x86_64|x86-64|x86|linux64|armv7|armv6|armhf|arm(?!64)|ppc64le|"
                          r"ppc64|ppc|s390x|riscv64|loongarch64|i386|i686|linux32|mips64|mips64el|sparcv9|e2k)(?![a-z])"),
}


def foreign(name, arch):
    low = name.lower()
    base = low.rsplit("/", 1)[-1]
    if not NATIVE.search(base):
        return False
    # Windows' and macOS' libraries by their extension, whatever the path says
    return bool(re.search(r"\.(dll|dylib|jnilib)$", base) or FOREIGN_OS.search(low) or ARCHES[arch].search(low))


def slim(path, arch, also_drop=()):
    with zipfile.ZipFile(path) as z:
        infos = z.infolist()
        drop = [i for i in infos if foreign(i.filename, arch) or i.filename in also_drop]
        if not drop:
            return 0
        names = {i.filename for i in drop}
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), suffix=".jar")
        os.close(fd)
        with zipfile.ZipFile(tmp, "w") as out:
            for i in infos:
                if i.filename in names:
                    continue
                # keep each entry's own compression (minilake-duckdb-native.jar is stored on purpose)
                out.writestr(i, z.read(i.filename), compress_type=i.compress_type)
    saved = os.path.getsize(path) - os.path.getsize(tmp)
    shutil.copystat(path, tmp)
    os.replace(tmp, path)
    print(f"  {os.path.basename(path)}: -{saved // 1024 // 1024} MB ({len(drop)} native entries)")
    return saved


def main():
    arch, dirs = sys.argv[1], sys.argv[2:]
    if arch not in ARCHES:
        print(f"slim-jars: unknown arch {arch}: jars left as they are")
        return
    jars = sorted({os.path.join(r, f) for d in dirs for r, _, fs in os.walk(d) for f in fs
                   if f.endswith(".jar") and not os.path.islink(os.path.join(r, f))})
    own = {}
    for j in jars:
        if os.path.basename(j) == "minilake-duckdb-native.jar":
            with zipfile.ZipFile(j) as z:
                own = {n for n in z.namelist() if n.startswith("libduckdb_java") and not foreign(n, arch)}
    total = 0
    for j in jars:
        dup = own if os.path.basename(j).startswith("duckdb_jdbc-") else ()
        total += slim(j, arch, dup)
    print(f"slim-jars: {total // 1024 // 1024} MB of other platforms' native libraries removed ({arch})")


if __name__ == "__main__":
    main()
