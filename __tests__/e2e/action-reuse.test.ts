// Reusing the base commit's baseline, end to end: a push run on main measures the baseline and
// uploads it; a pull request's baseline job finds that run through the REST API double (GET
// /actions/runs, validated against GitHub's OpenAPI description), downloads its artifact across
// runs and uploads it as its own without running the suite; the gate compares as usual. Loopback only.
// Through action.yml and the bundle for the wiring of the one cross-run download: the real artifact
// client's findBy, whose REST calls go to GITHUB_API_URL (the REST double, forwarding to the results
// service). The scenario is written once in helpers/scenarios/reuse.ts; the same test and the other
// reuse scenarios run in process: integration/action/reuse.test.ts.
import { describe } from 'vitest';

import { job } from '../helpers/action-jobs.js';
import { reuseScenario } from '../helpers/scenarios/reuse.js';

describe('reuse-baseline', () => {
  reuseScenario(job);
});
