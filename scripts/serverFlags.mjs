// The V8 settings of a shop process.
// - Heap: left to itself V8 sizes the heap for the machine's memory (about 4 GB here) and lets
//   garbage pile up to it: at 100,000 goods a process whose live heap is ~300 MB reached 2 GB of
//   RSS under the bench's load. With the old generation capped at 1 GB and 16 MB semi-spaces it
//   collects sooner and peaked at ~1.1 GB, at the same throughput. Operators with a much larger
//   catalogue raise it with NODE_OPTIONS=--max-old-space-size=… (a flag given there or on the
//   command line wins).
// - WebAssembly: the embedded database (PGlite) is a ~20 MB WebAssembly module, and V8's
//   optimising tier mallocs ~550 MB while compiling it at start (VmHWM 831 MB before the first
//   request at 10,000 goods, 284 MB with Liftoff alone). Liftoff's code is slower per query, but
//   the catalogue is served from memory (goodsSnapshots.ts): the bench's cart flows, warm, moved
//   within this machine's noise (add to cart 50 → 70 req/s, cart list 79 → 65, place order 38 →
//   33), and cold they are faster — there is no compile storm in the first minute. PostgreSQL
//   deployments load no WebAssembly; the flag costs them nothing.
export const SERVER_NODE_FLAGS = [
  '--max-old-space-size=1024',
  '--max-semi-space-size=16',
  '--liftoff-only',
];

/** Whether this process already runs with heap settings of its own or ours. */
export const hasHeapFlags = () =>
  [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) =>
    a.startsWith('--max-old-space-size'),
  );
