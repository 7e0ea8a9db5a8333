"""The package's surface: every public name documented, in the type stubs, and importable fast."""

import ast
import inspect
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
        obj = getattr(cardtree, name, None)
        if getattr(obj, "__module__", None) == "cardtree.errors":
            # Pure Python exception classes, typed in their own source.
            assert isinstance(obj, type) and issubclass(obj, BaseException), name
        elif getattr(obj, "__module__", None) == "cardtree.played":
            # Pure Python (the endplay conversion): typed in its own source, which mypy reads.
            hints = inspect.signature(obj)
            assert hints.return_annotation is not inspect.Signature.empty, name
            assert all(p.annotation is not inspect.Parameter.empty for p in hints.parameters.values()), name
        else:
            assert name in stubbed, f"{name} is not in {STUBS.name}"
        if name != "__version__":
            doc = getattr(cardtree, name).__doc__
            assert doc and doc.strip(), f"{name} has no docstring"


def test_import_is_fast():
    code = "import time; t = time.perf_counter(); import cardtree; print(time.perf_counter() - t)"
    seconds = float(subprocess.run([sys.executable, "-c", code], check=True,
                                   capture_output=True, text=True).stdout)
    assert seconds < 0.1, seconds


def test_the_stubs_agree_with_the_module():
    """mypy's stubtest: every name, parameter (its name, kind and default) and class of the
    installed module against its stubs. Skipped without mypy, unless CARDTREE_REQUIRE_STUBTEST
    is set (release/check.sh sets it, with the mypy version it pins)."""
    import importlib.util
    import os

    import pytest

    if importlib.util.find_spec("mypy") is None:
        if os.environ.get("CARDTREE_REQUIRE_STUBTEST"):
            pytest.fail("CARDTREE_REQUIRE_STUBTEST is set but mypy is not installed")
        pytest.skip("mypy is not installed (pip install mypy)")
    run = subprocess.run([sys.executable, "-m", "mypy.stubtest", "cardtree"],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_a_type_checker_reads_the_package(tmp_path):
    """mypy --strict on typed use of the package (`typed_use.py`) passes, and the same calls
    with a seat, a strain or a result key wrong fail: the stubs' literals and typed dicts are
    what a user's checker sees. Skipped without mypy, unless CARDTREE_REQUIRE_STUBTEST is set."""
    import importlib.util
    import os

    import pytest

    if importlib.util.find_spec("mypy") is None:
        if os.environ.get("CARDTREE_REQUIRE_STUBTEST"):
            pytest.fail("CARDTREE_REQUIRE_STUBTEST is set but mypy is not installed")
        pytest.skip("mypy is not installed (pip install mypy)")
    good = pathlib.Path(__file__).with_name("typed_use.py")

    def mypy(path):
        return subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental",
                               "--cache-dir", str(tmp_path / "cache"), str(path)],
                              capture_output=True, text=True)

    run = mypy(good)
    assert run.returncode == 0, run.stdout + run.stderr
    for wrong, needle in [
        ('declarer="S"', 'declarer="X"'),
        ('tricks("N", "NT")', 'tricks("N", "notrump")'),
        ('r["children"]', 'r["child"]'),
    ]:
        bad = tmp_path / "bad.py"
        bad.write_text(good.read_text().replace(wrong, needle))
        run = mypy(bad)
        assert run.returncode != 0, f"mypy accepted {needle}"
