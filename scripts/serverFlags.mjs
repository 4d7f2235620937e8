// The V8 heap settings of a shop process. Left to itself V8 sizes the heap for the machine's
// memory (about 4 GB here) and lets garbage pile up to it: at 100,000 goods a process whose live
// heap is ~300 MB reached 2 GB of RSS under the bench's load. With the old generation capped at
// 1 GB and 16 MB semi-spaces it collects sooner and peaked at ~1.1 GB, at the same throughput.
// Operators with a much larger catalogue raise it with NODE_OPTIONS=--max-old-space-size=… (a flag
// given there or on the command line wins).
export const SERVER_NODE_FLAGS = ['--max-old-space-size=1024', '--max-semi-space-size=16'];

/** Whether this process already runs with heap settings of its own or ours. */
export const hasHeapFlags = () =>
  [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) =>
    a.startsWith('--max-old-space-size'),
  );
