// The V8 settings of a shop process.
// - Heap: left to itself V8 sizes the heap for the machine's memory (about 4 GB here) and lets
//   garbage pile up to it: at 100,000 goods a process whose live heap is ~300 MB reached 2 GB of
//   RSS under the bench's load. With the old generation capped at 1 GB and 16 MB semi-spaces it
//   collects sooner and peaked at ~1.1 GB, at the same throughput. Operators with a much larger
//   catalogue raise it with NODE_OPTIONS=--max-old-space-size=… (a flag given there or on the
//   command line wins).
// - Heap growth: after each full collection V8 lets the old generation grow by a factor it picks
//   from its GC speed (up to 4×) before collecting again, and keeps the pages a collection empties
//   in a pool for the next growth (`--trace-gc` says "pooled: … MB"), resident all the while. With
//   a live heap of ~190 MB (the catalogue read model at 100,000 goods) the bench's catalogue rows
//   let it reach ~310 MB used plus up to 180 MB pooled before each collection: that is the peak
//   RSS of the process. A fixed growth of 50 % collects earlier (catalogue rows at 100,000 goods
//   on the embedded database, with the two malloc arenas below: VmHWM 735–778 → 694 MB; CPU ms per
//   request within this machine's noise). 30 % peaked at 590–640 MB but cost ~30 % more full
//   collections and 5–15 % more CPU per request on those rows. Measured again once the read model
//   had shrunk (live heap ~150 MB), the rows' peak over repeated runs of one build was 705–761 MB
//   with 50 %, 713 with 40 %, 780 with 35 %: within the run-to-run spread, so 50 % stays.
//   `--memory-saver-mode` (V8 collects as for a memory-starved device) peaked at 591 and 629 MB but
//   cost 20–30 % of the API rows' req/s and 20–40 % of the rendered pages'; not set, but an
//   operator short of memory can start the shop with it (`node --memory-saver-mode
//   scripts/start.mjs`: start.mjs hands its own flags to the server process).
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
  '--heap-growing-percent=50',
  '--liftoff-only',
];

/**
 * The environment of a shop process: `env` with the allocator setting below unless `env` sets it.
 * glibc gives each thread that mallocs (libuv's pool, V8's helper threads) an arena of its own, up
 * to 8 per core, and an arena keeps what was freed in it for that thread: with two arenas the
 * catalogue rows' peak RSS was ~60 MB lower (778 → 716 MB at 100,000 goods) at the same CPU per
 * request. glibc reads it when the process starts, so whoever spawns a shop process passes it.
 * The arenas are also where the peak varies most from run to run: at 100,000 goods, after the
 * uncached page rows, anon RSS less the JS heap and external memory was 37–330 MB between runs of
 * the same build (freed page buffers, ~150 KB each, left as holes between live allocations).
 * MALLOC_MMAP_THRESHOLD_=65536 (each such buffer mapped and unmapped on its own) kept it at
 * 40–70 MB (peak 823/890 → 735/722 MB over the bench's rows), but every page's buffers then come
 * from fresh zeroed pages: /list?page=N 36 → 113 page faults and 2.2 → 3.5 ms CPU per request,
 * 595 → 406 req/s. Not set, for that.
 */
export const serverEnv = (env = process.env) => ({ MALLOC_ARENA_MAX: '2', ...env });

/** Whether this process already runs with heap settings of its own or ours. */
export const hasHeapFlags = () =>
  [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) =>
    a.startsWith('--max-old-space-size'),
  );
