"""Which core modules have no unit test file of their own (issue 23: tests mirror the package).

Run: ``.venv/bin/python tests/unit/core/mirror_report.py``. A module ``dynoview/core/<pkg>/<mod>.py``
has its own test file when ``tests/unit/core/<pkg>/test_<mod>.py`` exists, or one of the older flat
names ``tests/unit/core/test_<mod>.py`` / ``test_<pkg>_<mod>.py``. A report, not a test: modules
without one are listed with their size, the biggest first.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
CORE = ROOT / "dynoview" / "core"
TESTS = ROOT / "tests" / "unit" / "core"


def has_own_test(module: Path) -> bool:
    rel = module.relative_to(CORE)
    names = [f"test_{module.stem}.py"]
    if len(rel.parts) > 1:
        names.append(f"test_{rel.parts[0]}_{module.stem}.py")
    mirrored = TESTS / rel.parent / f"test_{module.stem}.py"
    return mirrored.is_file() or any((TESTS / name).is_file() for name in names)


def main() -> None:
    modules = sorted(p for p in CORE.rglob("*.py") if p.stem != "__init__" and "__pycache__" not in p.parts)
    missing = [m for m in modules if not has_own_test(m)]
    print(f"{len(modules) - len(missing)} of {len(modules)} core modules have a test file of their own; "
          f"{len(missing)} have none:")
    for module in sorted(missing, key=lambda m: -m.read_text(encoding="utf-8").count("\n")):
        print(f"  {module.relative_to(ROOT)} ({module.read_text(encoding='utf-8').count(chr(10))} lines)")


if __name__ == "__main__":
    main()
