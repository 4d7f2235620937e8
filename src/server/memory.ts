// Where this process's memory goes, for operators (`kill -USR2 <pid>` logs it) and the bench: the
// JavaScript heap (the catalogue read model, caches, pages in flight) apart from memory outside it
// (the embedded database's WebAssembly heap is an ArrayBuffer), and on Linux the kernel's count of
// what is resident now and at its peak, which is what the issue-16 target (≤ 700 MB) is about.
import { readFileSync } from 'node:fs';
import v8 from 'node:v8';
import { catalogueGoodsHeld } from './goodsSnapshots.ts';

const mb = (bytes: number) => Math.round(bytes / 1048576);

/** VmHWM (peak resident), VmRSS and RssAnon in MB from /proc (empty elsewhere than Linux). */
function kernelCounts(): Record<string, number> {
  let status: string;
  try {
    status = readFileSync('/proc/self/status', 'utf8');
  } catch {
    return {};
  }
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1]);
  const out: Record<string, number> = {};
  for (const [key, name] of [
    ['peak_rss_mb', 'VmHWM'],
    ['anon_rss_mb', 'RssAnon'],
  ] as const) {
    const kb = field(name);
    if (Number.isFinite(kb)) out[key] = Math.round(kb / 1024);
  }
  return out;
}

export function memoryReport() {
  const m = process.memoryUsage();
  const heap = v8.getHeapStatistics();
  return {
    rss_mb: mb(m.rss),
    ...kernelCounts(),
    js_heap_used_mb: mb(m.heapUsed),
    js_heap_total_mb: mb(m.heapTotal),
    // what of the heap's committed pages is really resident
    js_heap_physical_mb: mb(heap.total_physical_size),
    array_buffers_mb: mb(m.arrayBuffers),
    external_mb: mb(m.external),
    // V8's own malloc (compiler zones, parser): outside the heap, inside the RSS
    v8_malloced_mb: mb(heap.malloced_memory),
    v8_peak_malloced_mb: mb(heap.peak_malloced_memory),
    heap_spaces_mb: Object.fromEntries(
      v8.getHeapSpaceStatistics().map((s) => [s.space_name, mb(s.space_size)]),
    ),
    catalogue_goods: catalogueGoodsHeld(),
  };
}
