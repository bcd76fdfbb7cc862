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

Usage: rlm_compare_reference.py BASELINE CANDIDATE [--min-reward-delta X] [--min-completion-delta X]
       [--max-steps-increase X] [--no-fail-on-completion-regression]
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
