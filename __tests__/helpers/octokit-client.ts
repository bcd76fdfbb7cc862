// The GitHub client as production code builds it (@actions/github's getOctokit with the retry and
// throttling plugins), pointed at a REST API double. Shared by the double's own tests
// (integration) and the rate-limit tests that wait real time (e2e).
import * as github from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';

export const TEST_TOKEN = 'ghs_test_token';

/**
 * Throttling is off unless asked for: its write and notification queues are process-wide with a
 * 1 s / 3 s minimum gap, which would make every write in a test file wait. The retry plugin's
 * backoff base is cut from 1 s to 20 ms. Each rate limit the throttling plugin meets is pushed to
 * `limits` ("primary 1 s, retry 0"); it retries up to twice.
 */
export function octokitClient(baseUrl: string, limits: string[], options: { throttle?: boolean; token?: string } = {}) {
  const onLimit = (kind: string) => (after: number, _o: unknown, _k: unknown, count: number) => {
    limits.push(`${kind} ${after} s, retry ${count}`);
    return count < 2;
  };
  return github.getOctokit(
    options.token ?? TEST_TOKEN,
    {
      baseUrl,
      throttle: { enabled: options.throttle ?? false, onRateLimit: onLimit('primary'), onSecondaryRateLimit: onLimit('secondary') },
      retry: { retryAfterBaseValue: 20 },
    },
    retry,
    throttling,
  );
}
