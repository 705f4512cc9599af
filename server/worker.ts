/**
 * `npm run worker`: the job runner on its own, for deployments that run web instances with JOB_RUNNER=off.
 * `npm start` starts the same runner beside the web server (server/serve.mjs).
 */
import './lean-heap.mjs';
import { runWorkerProcess } from './worker-process';

await runWorkerProcess();
