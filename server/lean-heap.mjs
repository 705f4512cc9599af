// V8 sizes its heap for throughput on a large machine: a young generation of up to 3 x 16 MiB per isolate, and an old
// generation let grow far past what is live before it is collected. On the small virtual machine this site is meant
// for, that was most of the memory: after a short mixed load the web server's heap held 395 MiB, of which about 115
// were live (docs/performance.md, "Footprint"). So every process of ours (`npm start`, the web server, the job runner)
// asks V8 to favour size: `--optimize-for-size` (collect and shrink sooner) and a 1 MiB semi-space. Set at run time,
// the first applies to every heap of the process; the second only to heaps made afterwards, the worker threads (job
// runner, search, analytics writer): the main thread's heap exists already, and its young generation still grows to
// V8's default (measured with `node --trace-gc` and v8.getHeapSpaceStatistics(); on the command line it would apply).
// LEAN_HEAP=off keeps V8's defaults (more memory, a little more throughput). Imported first, for its effect only.
import v8 from 'node:v8';

if (process.env.LEAN_HEAP !== 'off') {
  v8.setFlagsFromString('--optimize-for-size');
  v8.setFlagsFromString('--max-semi-space-size=1');
}
