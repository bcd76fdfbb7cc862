// End to end, the way a workflow uses the action: a baseline job and a candidate job run the embedded
// example suite with `mode: run`, a gate job decides with `mode: compare`. Every step goes through
// action.yml (expressions evaluated) into the committed dist/index.js as a child process, with the
// REAL artifact client, against the artifact service double on 127.0.0.1. Asserts on the stored
// artifacts, the outputs, the job summary and the exit codes.
//
// The wiring of run and compare: the hold chain is written once in helpers/scenarios/hold-chain.ts
// and played in process by integration/action/jobs.test.ts too, so a difference between the bundle
// and the source shows up as one side failing.
// The promote case, a failed suite job, local files and decide: significant run only in process.
import { job } from '../helpers/action-jobs.js';
import { holdChain } from '../helpers/scenarios/hold-chain.js';

holdChain(job);
