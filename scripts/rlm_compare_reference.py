#!/usr/bin/env python3
"""Re-implementation of rlm-code's benchmark comparison, for timing purposes only.

rlm-code (github.com/SuperagenticAI/rlm-code) cannot be installed here (no PyPI access), yet the
performance target for benchgate is stated relative to rlm-code's own compare ("about 4 s on a
pair of 100,000-case summaries"). This script reproduces the work rlm-code's
``compare_benchmarks`` does, as described in /work/shared/reference/rlm-code-format.md section (b),
so ``npm run bench`` can time rlm-code's algorithm on the same machine and the same files:

* ``json.loads`` of each whole file (``_load_benchmark_payload``: unreadable or non-object -> invalid);
* metrics from the top-level fields only (``_benchmark_metrics``);
* plain, unrounded deltas;
* ``_benchmark_case_regressions``: rows indexed by ``str(case_id)``, skipping non-dict rows and
  falsy ids, last duplicate wins, counted over the sorted common ids;
* the four gates and ``passed``.

It prints the result like ``/rlm bench validate --json`` does (indent=2). Reference resolution is
reduced to explicit paths: rlm-code's ``latest``/``previous`` lookup in its benchmarks directory
is out of scope. It does not import rlm-code, so Python start-up here is lighter than rlm-code's.

It is also the oracle of benchgate's differential test (__tests__/integration/rlm-differential.test.ts):
with ``--batch FILE`` it reads a JSON list of ``{"baseline", "candidate", "thresholds"}`` (each
threshold a number or a string ``float()`` reads, such as "inf") and prints one JSON list of results
(``{"error": message}`` where compare raised ValueError). With ``--rlm-code-source DIR`` (a checkout
of rlm-code) the results come from rlm-code's own ``BenchmarkManagerMixin.compare_benchmarks``
(rlm_code/rlm/benchmark_manager.py), loaded with stubs for the modules it imports that compare does
not use: that is how this script is checked against rlm-code itself.

Usage: rlm_compare_reference.py BASELINE CANDIDATE [--min-reward-delta X] [--min-completion-delta X]
       [--max-steps-increase X] [--no-fail-on-completion-regression]
       rlm_compare_reference.py --batch FILE [--rlm-code-source DIR]
Exit status, as rlm-code's scripts/rlm_bench_gate.py: 0 gates passed, 1 gates failed, 2 error.
With BENCHGATE_RUSAGE_STDERR=1 set, the last stderr line is {"maxRssKiB": <peak RSS in KiB>}.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
from pathlib import Path
from typing import Any


def load_benchmark_payload(path: Path) -> dict[str, Any] | None:
    try:
        payload = json.loads(path.read_text(encoding="utf-8"))
    except Exception:
        return None
    if not isinstance(payload, dict):
        return None
    return payload


def benchmark_metrics(payload: dict[str, Any]) -> dict[str, float]:
    total_cases = int(payload.get("total_cases") or 0)
    completed_cases = int(payload.get("completed_cases") or 0)
    completion_rate = (completed_cases / total_cases) if total_cases else 0.0
    return {
        "avg_reward": float(payload.get("avg_reward") or 0.0),
        "completion_rate": completion_rate,
        "avg_steps": float(payload.get("avg_steps") or 0.0),
        "total_cases": float(total_cases),
        "completed_cases": float(completed_cases),
    }


def index_cases(payload: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {
        str(item.get("case_id")): item
        for item in (payload.get("case_results") or [])
        if isinstance(item, dict) and item.get("case_id")
    }


def benchmark_case_regressions(
    candidate_payload: dict[str, Any], baseline_payload: dict[str, Any]
) -> dict[str, int]:
    baseline_cases = index_cases(baseline_payload)
    candidate_cases = index_cases(candidate_payload)
    common_case_ids = sorted(set(baseline_cases.keys()) & set(candidate_cases.keys()))
    completion_regressions = 0
    reward_regressions = 0
    for case_id in common_case_ids:
        baseline_case = baseline_cases[case_id]
        candidate_case = candidate_cases[case_id]
        if bool(baseline_case.get("completed")) and not bool(candidate_case.get("completed")):
            completion_regressions += 1
        baseline_reward = float(baseline_case.get("total_reward") or 0.0)
        candidate_reward = float(candidate_case.get("total_reward") or 0.0)
        if candidate_reward < baseline_reward:
            reward_regressions += 1
    return {
        "common_cases": len(common_case_ids),
        "completion_regressions": completion_regressions,
        "reward_regressions": reward_regressions,
    }


def load_side(reference: str, label: str) -> tuple[Path, dict[str, Any]]:
    path = Path(reference)
    if not path.exists():
        raise ValueError(f"{label.capitalize()} benchmark not found: {reference}")
    path = path.resolve()
    payload = load_benchmark_payload(path)
    if payload is None:
        raise ValueError(f"Invalid {label} benchmark summary: {path}")
    return path, payload


def compare_benchmarks(candidate: str, baseline: str, thresholds: dict[str, Any]) -> dict[str, Any]:
    candidate_path, candidate_payload = load_side(candidate, "candidate")
    baseline_path, baseline_payload = load_side(baseline, "baseline")
    candidate_metrics = benchmark_metrics(candidate_payload)
    baseline_metrics = benchmark_metrics(baseline_payload)
    deltas = {
        "avg_reward": candidate_metrics["avg_reward"] - baseline_metrics["avg_reward"],
        "completion_rate": candidate_metrics["completion_rate"] - baseline_metrics["completion_rate"],
        "avg_steps_increase": candidate_metrics["avg_steps"] - baseline_metrics["avg_steps"],
    }
    case_summary = benchmark_case_regressions(candidate_payload, baseline_payload)
    gates = {
        "reward": deltas["avg_reward"] >= float(thresholds["min_reward_delta"]),
        "completion": deltas["completion_rate"] >= float(thresholds["min_completion_delta"]),
        "steps": deltas["avg_steps_increase"] <= float(thresholds["max_steps_increase"]),
        "completion_regressions": (
            case_summary["completion_regressions"] == 0
            if thresholds["fail_on_completion_regression"]
            else True
        ),
    }
    passed = all(bool(value) for value in gates.values())
    return {
        "command": "rlm_bench_validate",
        "candidate_id": str(candidate_payload.get("benchmark_id") or candidate_path.stem),
        "baseline_id": str(baseline_payload.get("benchmark_id") or baseline_path.stem),
        "candidate_path": str(candidate_path),
        "baseline_path": str(baseline_path),
        "candidate_metrics": candidate_metrics,
        "baseline_metrics": baseline_metrics,
        "deltas": deltas,
        "case_summary": case_summary,
        "gates": gates,
        "passed": passed,
        "exit_code": 0 if passed else 1,
        "thresholds": thresholds,
    }


def rlm_code_compare(source: str):
    """rlm-code's own compare_benchmarks from a checkout at `source`, as a function of this script's shape."""
    import importlib.util
    import types

    root = Path(source).resolve()
    # Stubs for what benchmark_manager.py imports and compare never calls.
    for name in ("rlm_code", "rlm_code.core", "rlm_code.rlm"):
        module = types.ModuleType(name)
        module.__path__ = [str(root / name.replace(".", "/"))]
        sys.modules[name] = module
    logging_stub = types.ModuleType("rlm_code.core.logging")
    logging_stub.get_logger = lambda name: None
    sys.modules["rlm_code.core.logging"] = logging_stub
    benchmarks_stub = types.ModuleType("rlm_code.rlm.benchmarks")
    for attr in ("RLMBenchmarkCase", "get_benchmark_cases", "list_benchmark_presets", "load_benchmark_packs"):
        setattr(benchmarks_stub, attr, None)
    sys.modules["rlm_code.rlm.benchmarks"] = benchmarks_stub
    spec = importlib.util.spec_from_file_location("rlm_code.rlm.benchmark_manager", root / "rlm_code/rlm/benchmark_manager.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    mixin = module.BenchmarkManagerMixin

    def compare(candidate: str, baseline: str, thresholds: dict[str, Any]) -> dict[str, Any]:
        runner = object.__new__(mixin)
        # Explicit paths, as load_side resolves them; rlm-code's latest/previous lookup is not exercised.
        def resolve(reference, candidate_path=None):
            path = Path(reference)
            return path.resolve() if path.exists() else None
        runner._resolve_benchmark_reference = resolve
        result = runner.compare_benchmarks(
            candidate=candidate,
            baseline=baseline,
            min_reward_delta=thresholds["min_reward_delta"],
            min_completion_delta=thresholds["min_completion_delta"],
            max_steps_increase=thresholds["max_steps_increase"],
            fail_on_completion_regression=thresholds["fail_on_completion_regression"],
        )
        return {
            "candidate_id": result.candidate_id,
            "baseline_id": result.baseline_id,
            "candidate_metrics": result.candidate_metrics,
            "baseline_metrics": result.baseline_metrics,
            "deltas": result.deltas,
            "case_summary": result.case_summary,
            "gates": result.gates,
            "passed": result.passed,
        }

    return compare


def run_batch(batch: str, source: str | None) -> int:
    compare = rlm_code_compare(source) if source else compare_benchmarks
    out = []
    for item in json.loads(Path(batch).read_text(encoding="utf-8")):
        t = item["thresholds"]
        thresholds = {
            "min_reward_delta": float(t["min_reward_delta"]),
            "min_completion_delta": float(t["min_completion_delta"]),
            "max_steps_increase": float(t["max_steps_increase"]),
            "fail_on_completion_regression": bool(t["fail_on_completion_regression"]),
        }
        try:
            result = compare(item["candidate"], item["baseline"], thresholds)
            out.append({key: result[key] for key in ("candidate_id", "baseline_id", "candidate_metrics", "baseline_metrics", "deltas", "case_summary", "gates", "passed")})
        except ValueError as error:
            out.append({"error": str(error)})
    print(json.dumps(finite_or_text(out), allow_nan=False))
    return 0


def finite_or_text(value: Any) -> Any:
    """Non-finite floats as the strings "NaN", "Infinity", "-Infinity", so that JSON.parse reads every result."""
    if isinstance(value, float) and value != value:
        return "NaN"
    if isinstance(value, float) and value in (float("inf"), float("-inf")):
        return "Infinity" if value > 0 else "-Infinity"
    if isinstance(value, dict):
        return {key: finite_or_text(item) for key, item in value.items()}
    if isinstance(value, list):
        return [finite_or_text(item) for item in value]
    return value


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("baseline")
    parser.add_argument("candidate")
    # Defaults are compare_benchmarks' signature defaults (the slash command's defaults).
    parser.add_argument("--min-reward-delta", type=float, default=0.0)
    parser.add_argument("--min-completion-delta", type=float, default=0.0)
    parser.add_argument("--max-steps-increase", type=float, default=0.0)
    parser.add_argument("--no-fail-on-completion-regression", action="store_true")
    return parser.parse_args(argv)


def main(argv: list[str]) -> int:
    if argv and argv[0] == "--batch":
        source = argv[3] if len(argv) >= 4 and argv[2] == "--rlm-code-source" else None
        return run_batch(argv[1], source)
    args = parse_args(argv)
    thresholds = {
        "min_reward_delta": args.min_reward_delta,
        "min_completion_delta": args.min_completion_delta,
        "max_steps_increase": args.max_steps_increase,
        "fail_on_completion_regression": not args.no_fail_on_completion_regression,
    }
    try:
        result = compare_benchmarks(args.candidate, args.baseline, thresholds)
        print(json.dumps(result, indent=2))
        status = result["exit_code"]
    except ValueError as error:
        print(str(error), file=sys.stderr)
        status = 2
    if os.environ.get("BENCHGATE_RUSAGE_STDERR") == "1":
        # ru_maxrss is in KiB on Linux.
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        print(json.dumps({"maxRssKiB": peak}), file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
