#!/usr/bin/env python3
"""Run one rlm-code benchmark preset from Python and leave its summary where benchgate finds it.

rlm-code has no shell command that runs a benchmark (`rlm-code` starts the TUI; benchmarks run as
`/rlm bench ...` inside it). Its own CI runs them from Python (scripts/rlm_bench_gate.py:
`RLMRunner(...).run_benchmark(preset=..., limit=..., environment=...)`); this script does the same
with a real model, for a benchgate `mode: run` step:

    python run_benchmark.py --preset dspy_quick --mode harness --strategy codemode \
        --model gpt-4o-mini --provider openai --limit 10

The model's key comes from the environment, as rlm-code reads it (OPENAI_API_KEY,
ANTHROPIC_API_KEY, GEMINI_API_KEY, ...). RLMRunner writes the summary to
<workdir>/.rlm_code/rlm/benchmarks/<benchmark_id>.json, the action's default `summary` glob;
its path is printed last. Exit codes: 0 the benchmark ran (the gate judges it), 2 bad arguments or
no model connection.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

MODES = ("native", "harness", "direct-llm")
STRATEGIES = ("tool_call", "codemode")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description="Run one rlm-code benchmark preset (RLMRunner.run_benchmark).")
    p.add_argument("--preset", required=True, help="benchmark preset, e.g. dspy_quick, generic_smoke, oolong_style (or one from --pack)")
    p.add_argument("--strategy", default="tool_call", choices=STRATEGIES, help="harness strategy (mode harness)")
    p.add_argument("--mode", default="native", choices=MODES, help="benchmark mode (default native)")
    p.add_argument("--model", required=True, help="model name as rlm-code connects to it, e.g. gpt-4o-mini")
    p.add_argument("--provider", default=None, help="rlm-code model type (openai, anthropic, gemini, ollama, ...); default: inferred from the model")
    p.add_argument("--base-url", default=None, help="an OpenAI-compatible endpoint, for local or proxied models")
    p.add_argument("--limit", type=int, default=None, help="run only the first N cases of the preset")
    p.add_argument("--environment", default=None, help="rlm-code environment (e.g. generic, dspy)")
    p.add_argument("--mcp", action="store_true", help="include MCP tools (implied by --mode harness --strategy codemode)")
    p.add_argument("--pack", action="append", default=[], help="extra benchmark pack file (repeatable)")
    p.add_argument("--workdir", type=Path, default=Path.cwd(), help="project directory; the summary goes under its .rlm_code/")
    args = p.parse_args(argv)
    if args.limit is not None and args.limit < 1:
        p.error("--limit must be at least 1")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        from rlm_code.core.config import ConfigManager
        from rlm_code.execution import ExecutionEngine
        from rlm_code.mcp import MCPClientManager
        from rlm_code.models.llm_connector import LLMConnector
        from rlm_code.rlm import RLMRunner
    except ImportError as err:
        print(f"run_benchmark.py: rlm-code is not importable ({err}); pip install rlm-code", file=sys.stderr)
        return 2

    workdir = args.workdir.resolve()
    config = ConfigManager(workdir)
    connector = LLMConnector(config)
    try:
        connected = connector.connect_to_model(args.model, args.provider, base_url=args.base_url)
    except Exception as err:  # rlm-code raises ModelError with the reason (e.g. a missing API key)
        print(f"run_benchmark.py: cannot connect to model {args.model!r}: {err}", file=sys.stderr)
        return 2
    if connected is False:
        print(f"run_benchmark.py: cannot connect to model {args.model!r} (provider {args.provider or 'inferred'})", file=sys.stderr)
        return 2

    include_mcp = args.mcp or (args.mode == "harness" and args.strategy == "codemode")
    runner = RLMRunner(
        llm_connector=connector,
        execution_engine=ExecutionEngine(config),
        workdir=workdir,
        mcp_manager=MCPClientManager(config) if include_mcp else None,
    )
    result = runner.run_benchmark(
        preset=args.preset,
        mode=args.mode,
        harness_strategy=args.strategy,
        include_mcp=include_mcp,
        limit=args.limit,
        environment=args.environment,
        pack_paths=args.pack or None,
    )
    print(f"rlm-code benchmark {result.benchmark_id}: {result.completed_cases}/{result.total_cases} completed, avg reward {result.avg_reward:.4f}")
    print(result.summary_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
