"""Runs one MiniLake job task: a Python file (spark_python_task) or a Databricks source-format
notebook (notebook_task), with `dbutils` (and `spark`, when pyspark is installed) available as they
are on Databricks. Written by MiniLake; results go to files in $MINILAKE_TASK_DIR:
  notebook_result.txt  the value given to dbutils.notebook.exit
  task_values.json     values set with dbutils.jobs.taskValues.set
  error.txt            the first line of an uncaught error (its traceback goes to stderr)
  notebook_cells.json  a notebook's cells with their outputs, written after each cell (runs/export renders it)
usage: minilake_runner.py file|notebook PATH [ARG ...]
       minilake_runner.py wheel WHEEL_OR_DIR PACKAGE ENTRY_POINT [ARG ...]  (python_wheel_task)
"""
import builtins
import os
import runpy
import sys
import traceback
import zipfile
import configparser
import importlib
import io
import json

import minilake_dbutils

CELL_SEPARATOR = "# COMMAND ----------"


def _write(name, text):
    with open(os.path.join(os.environ["MINILAKE_TASK_DIR"], name), "w", encoding="utf-8") as f:
        f.write(minilake_dbutils.redact(text))


def _cells(source):
    lines = source.splitlines()
    if lines and lines[0].strip() == "# Databricks notebook source":
        lines = lines[1:]
    cell, cells = [], []
    for line in lines:
        if line.strip() == CELL_SEPARATOR:
            cells.append("\n".join(cell))
            cell = []
        else:
            cell.append(line)
    cells.append("\n".join(cell))
    return [c for c in cells if c.strip()]


def _magic(cell):
    """A '# MAGIC %lang' cell as (lang, body); (None, cell) for plain Python."""
    lines = [l for l in cell.splitlines() if l.strip()]
    if not lines or not lines[0].startswith("# MAGIC"):
        return None, cell
    body = "\n".join(l[len("# MAGIC"):].lstrip(" ") if l.startswith("# MAGIC") else l for l in cell.splitlines())
    body = body.strip()
    first, _, rest = body.partition("\n")
    return first.split()[0].lstrip("%"), rest


class _Tee(io.TextIOBase):
    """stdout as the task's log and, at once, the current cell's output."""

    def __init__(self, out):
        self.out, self.cell = out, io.StringIO()

    def write(self, s):
        self.cell.write(s)
        return self.out.write(s)

    def flush(self):
        self.out.flush()


def _run_cell(i, cell, lang, body, dbutils, namespace):
    if lang is None:
        exec(compile(body, f"<notebook cell {i}>", "exec"), namespace)
    elif lang == "sql":
        for row in dbutils._sql(body):
            print(row)
    elif lang in ("md", "md-sandbox"):
        pass
    elif lang in ("pip", "sh", "run", "scala", "r", "fs"):
        raise RuntimeError(f"Notebook cell {i}: %{lang} cells are not supported by MiniLake")
    else:
        exec(compile(cell, f"<notebook cell {i}>", "exec"), namespace)


def run_notebook(path, dbutils, namespace):
    with open(path, encoding="utf-8") as f:
        cells = _cells(f.read())
    rendered = []
    tee, stdout = _Tee(sys.stdout), sys.stdout
    sys.stdout = tee
    try:
        for i, cell in enumerate(cells, 1):
            lang, body = _magic(cell)
            entry = {"language": lang or "python", "source": cell if lang is None else body, "output": "", "error": None}
            rendered.append(entry)
            tee.cell = io.StringIO()
            try:
                _run_cell(i, cell, lang, body, dbutils, namespace)
            except minilake_dbutils.NotebookExit:
                raise
            except BaseException as e:
                entry["error"] = f"{type(e).__name__}: {e}"
                raise
            finally:
                entry["output"] = tee.cell.getvalue()
                _write("notebook_cells.json", json.dumps(rendered))
    finally:
        sys.stdout = stdout


def _wheel_entry_point(wheels, package, name):
    """The callable for python_wheel_task: the named entry point from the wheels' metadata (any
    group), else `package.name` directly, as Databricks documents."""
    for whl in wheels:
        if not zipfile.is_zipfile(whl):
            continue
        with zipfile.ZipFile(whl) as z:
            for member in z.namelist():
                if member.endswith(".dist-info/entry_points.txt"):
                    parser = configparser.ConfigParser(delimiters=("=",))
                    parser.optionxform = str
                    parser.read_string(z.read(member).decode("utf-8"))
                    for section in parser.sections():
                        if name in parser[section]:
                            module, _, attr = parser[section][name].strip().partition(":")
                            target = importlib.import_module(module.strip())
                            for part in attr.strip().split("."):
                                target = getattr(target, part) if part else target
                            return target
    return getattr(importlib.import_module(package), name)


def main():
    mode, path, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    dbutils = minilake_dbutils.DBUtils()
    builtins.dbutils = dbutils
    namespace = {"__name__": "__main__", "dbutils": dbutils, "spark": minilake_dbutils.spark_session(),
                 "display": minilake_dbutils.display, "displayHTML": minilake_dbutils.displayHTML,
                 "getArgument": dbutils.widgets.get}
    # what `from databricks.sdk.runtime import dbutils` finds (through the dbruntime module beside this one)
    minilake_dbutils.NAMESPACE.update(namespace)
    try:
        if mode == "notebook":
            run_notebook(path, dbutils, namespace)
        elif mode == "wheel":
            wheels = [w for w in path.split(os.pathsep) if w]
            # MiniLake installed the wheels into this run's virtualenv; the zips stay on the path
            # as a fallback for wheels pip could not install
            sys.path.extend(wheels)
            package, entry, rest = args[0], args[1], args[2:]
            sys.argv = [package] + rest
            _wheel_entry_point(wheels, package, entry)()
        else:
            sys.path.insert(0, os.path.dirname(os.path.abspath(path)))  # as python does for a script
            sys.argv = [path] + args
            runpy.run_path(path, init_globals={"dbutils": dbutils}, run_name="__main__")
    except minilake_dbutils.NotebookExit as done:
        _write("notebook_result.txt", done.value)
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        if code:
            _write("error.txt", f"SystemExit: {e.code}")
        dbutils.jobs.taskValues._flush()
        sys.stdout.flush()
        os._exit(code)
    except BaseException as e:  # the task failed: report it as Databricks does, type and message
        traceback.print_exc()
        _write("error.txt", f"{type(e).__name__}: {e}")
        dbutils.jobs.taskValues._flush()
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(1)
    dbutils.jobs.taskValues._flush()


if __name__ == "__main__":
    main()
