import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { lineSpend, parseBudget, UsageWatcher } from '../../../src/action/suite/budget.js';
import { runSuiteCommand } from '../../../src/action/suite/suite-command.js';
import { UsageError } from '../../../src/errors.js';

const tmp = mkdtempSync(join(tmpdir(), 'benchgate-budget-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const PRICES = { 'gpt-4o-mini': { prompt: 0.15, completion: 0.6 } };

describe('the spend cap', () => {
  it('reads budgets in tokens and dollars, and refuses anything else', () => {
    expect(parseBudget('2000000 tokens')).toEqual({ unit: 'tokens', limit: 2_000_000 });
    expect(parseBudget('2M tokens')).toEqual({ unit: 'tokens', limit: 2_000_000 });
    expect(parseBudget('500k tokens')).toEqual({ unit: 'tokens', limit: 500_000 });
    expect(parseBudget('25 USD')).toEqual({ unit: 'usd', limit: 25 });
    expect(parseBudget('$2.50')).toEqual({ unit: 'usd', limit: 2.5 });
    expect(parseBudget('')).toBeNull();
    for (const bad of ['25', 'lots', '0 tokens', '-3 USD', '25 EUR']) expect(() => parseBudget(bad), bad).toThrow(UsageError);
    expect(() => parseBudget('25')).toThrow(
      'input "budget": expected an amount of tokens or US dollars, such as "2000000 tokens", "2M tokens", "25 USD" or "$25"; got "25"',
    );
  });

  it('counts a line in tokens or dollars; tokens it cannot price are never $0', () => {
    expect(lineSpend('{"prompt_tokens": 1000, "completion_tokens": 500}', PRICES, null, 'tokens')).toEqual({ tokens: 1500, usd: 0 });
    expect(lineSpend('{"tokens": 70}', PRICES, null, 'tokens')).toEqual({ tokens: 70, usd: 0 });
    expect(lineSpend('{"prompt_tokens": 1000000, "completion_tokens": 1000000, "model": "gpt-4o-mini"}', PRICES, null, 'usd')).toEqual({
      tokens: 2_000_000,
      usd: 0.75,
    });
    expect(lineSpend('{"prompt_tokens": 1000000}', PRICES, 'gpt-4o-mini', 'usd')).toEqual({ tokens: 1_000_000, usd: 0.15 });
    expect(lineSpend('{"prompt_tokens": 10, "cost_usd": 0.2}', {}, null, 'usd')).toEqual({ tokens: 10, usd: 0.2 });
    expect(lineSpend('{"prompt_tokens": 10, "model": "claude"}', PRICES, null, 'usd')).toBe(
      'tokens that cannot be priced (no price for model "claude" in the configuration\'s pricing)',
    );
    expect(lineSpend('{"prompt_tokens": -1}', PRICES, null, 'tokens')).toBe('a line with a count that is not a number of at least 0');
    expect(lineSpend('not json', PRICES, null, 'tokens')).toBe('a line that is not JSON');
  });

  it('follows the usage file as it grows, a line at a time, and says when the cap is passed', () => {
    const file = join(tmp, 'usage.jsonl');
    const w = new UsageWatcher(file, { unit: 'tokens', limit: 1000 }, {}, null);
    expect(w.check()).toBeNull(); // no file yet
    writeFileSync(file, '{"prompt_tokens": 400}\n{"prompt_tokens": 300, "compl');
    expect(w.check()).toBeNull();
    expect(w.spent.tokens).toBe(400);
    appendFileSync(file, 'etion_tokens": 200}\n');
    expect(w.check()).toBeNull();
    expect(w.spent.tokens).toBe(900);
    appendFileSync(file, '{"tokens": 101}\n');
    expect(w.check()).toBe('it spent 1,001 tokens, over its budget of 1,000 tokens');
    const bad = new UsageWatcher(file, { unit: 'usd', limit: 1 }, {}, null);
    expect(bad.check()).toMatch(/^BENCHGATE_USAGE_FILE has tokens that cannot be priced \(no model named/);
  });

  it('stops the whole process group of a suite that keeps spending', async () => {
    const usage = join(tmp, 'spend.jsonl');
    const watcher = new UsageWatcher(usage, { unit: 'tokens', limit: 250 }, {}, null);
    const outcome = await runSuiteCommand({
      command: `for i in $(seq 1 100); do echo '{"prompt_tokens": 100}' >> '${usage}'; sleep 0.1; done`,
      cwd: tmp,
      env: { PATH: process.env['PATH'] },
      timeoutMs: 60_000,
      killGraceMs: 1000,
      logFile: join(tmp, 'log.txt'),
      write: () => undefined,
      stopWhen: { everyMs: 50, reason: () => watcher.check() },
    });
    // Stopped early, whatever the machine's speed: the suite wrote fewer of its 100 lines (not a clock, which a slow machine stretches).
    expect(readFileSync(usage, 'utf8').split('\n').length - 1).toBeLessThan(100);
    expect(outcome).toMatchObject({
      timedOut: false,
      stopped: expect.stringMatching(/^it spent \d{3} tokens, over its budget of 250 tokens$/),
      signal: 'SIGTERM',
    });
  });
});
