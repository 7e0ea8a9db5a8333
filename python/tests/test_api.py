"""The package's surface: every public name documented, in the type stubs, and importable fast."""

import ast
import pathlib
import subprocess
import sys

import cardtree

STUBS = pathlib.Path(__file__).resolve().parents[1] / "cardtree" / "_cardtree.pyi"


def test_every_public_name_has_a_docstring_and_a_stub():
    stubbed = set()
    for node in ast.parse(STUBS.read_text()).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            stubbed.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            stubbed.add(node.target.id)
        elif isinstance(node, ast.Assign):
            stubbed.update(t.id for t in node.targets if isinstance(t, ast.Name))
    for name in cardtree.__all__:
        assert name in stubbed, f"{name} is not in {STUBS.name}"
        if name != "__version__":
            doc = getattr(cardtree, name).__doc__
            assert doc and doc.strip(), f"{name} has no docstring"


def test_import_is_fast():
    code = "import time; t = time.perf_counter(); import cardtree; print(time.perf_counter() - t)"
    seconds = float(subprocess.run([sys.executable, "-c", code], check=True,
                                   capture_output=True, text=True).stdout)
    assert seconds < 0.1, seconds
