// A process that imports the module named in argv[2] for its effect, then keeps a sliding window of 50,000 objects
// while it makes a million, and prints its heap (MiB) as JSON: how big V8 lets the heap grow around what is live.
await import(process.argv[2]);
let kept = [];
for (let round = 0; round < 20; round += 1) {
  for (let i = 0; i < 100_000; i += 1) kept.push({ i, text: `row ${i} ${round}`.repeat(10), list: [i, i + 1, i + 2] });
  kept = kept.slice(-50_000);
}
const { heapTotal, heapUsed } = process.memoryUsage();
console.log(JSON.stringify({ heapTotalMiB: heapTotal / 2 ** 20, heapUsedMiB: heapUsed / 2 ** 20, kept: kept.length }));
