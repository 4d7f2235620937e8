// Many rows read by id a slice at a time (the goods, order and buyer exports). One statement binds
// at most 65,535 values, and rows held all at once cost the heap what a whole catalogue or a year
// of orders weighs. Between slices the process serves other requests: the embedded database
// answers a query's successor without returning to the event loop, so 400 queries in a row held
// every request for 9 s, and one query of 760,000 order lines held them for 29 s.
import { setImmediate } from 'node:timers/promises';

const ID_SLICE = 500;

/**
 * `ids` in order, cut into slices of at most 500 ids and, where ids weigh something (an order its
 * lines), of at most `weight.max` in all; an id heavier than that is a slice of its own.
 */
export function sliced(
  ids: readonly number[],
  weight?: { of: (index: number) => number; max: number },
): number[][] {
  const out: number[][] = [];
  let slice: number[] = [];
  let load = 0;
  ids.forEach((id, i) => {
    const w = weight?.of(i) ?? 0;
    if (slice.length === ID_SLICE || (slice.length > 0 && weight && load + w > weight.max)) {
      out.push(slice);
      slice = [];
      load = 0;
    }
    slice.push(id);
    load += w;
  });
  if (slice.length) out.push(slice);
  return out;
}

/** What `read` gives for each slice in turn, as one sequence. */
export async function* inSlices<T>(
  slices: readonly number[][],
  read: (slice: number[]) => Promise<Iterable<T>>,
): AsyncGenerator<T> {
  for (const slice of slices) {
    yield* await read(slice);
    await setImmediate();
  }
}
