// The hostile suite of helpers/scenarios/untrusted-log.ts, played in process (runAction with the
// inputs action.yml gives it and the log filter index.ts uses).
import { job } from '../../helpers/in-process-jobs.js';
import { untrustedLog } from '../../helpers/scenarios/untrusted-log.js';

untrustedLog(job);
