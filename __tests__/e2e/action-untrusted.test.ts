// The hostile suite of helpers/scenarios/untrusted-log.ts, played through action.yml into the
// committed bundle (its INPUT_* variables, the runtime token step, @actions/core's real output).
import { job } from '../helpers/action-jobs.js';
import { untrustedLog } from '../helpers/scenarios/untrusted-log.js';

untrustedLog(job);
