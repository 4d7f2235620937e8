// Where this process's memory goes, for operators (`kill -USR2 <pid>` logs it) and the bench: the
// JavaScript heap (the catalogue read model, caches, pages in flight) apart from memory outside it
// (the embedded database's WebAssembly heap is an ArrayBuffer).
import v8 from 'node:v8';
import { catalogueGoodsHeld } from './goodsSnapshots.ts';

const mb = (bytes: number) => Math.round(bytes / 1048576);

export function memoryReport() {
  const m = process.memoryUsage();
  const heap = v8.getHeapStatistics();
  return {
    rss_mb: mb(m.rss),
    js_heap_used_mb: mb(m.heapUsed),
    js_heap_total_mb: mb(m.heapTotal),
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
