// Many rows read by id a slice at a time (the goods and order exports). One statement binds at most
// 65,535 values, and rows held all at once cost the heap what a whole catalogue or a year of orders
// weighs. Between slices the process serves other requests: the embedded database answers a
// query's successor without returning to the event loop, so 400 queries in a row held every
// request for 9 s, and one query of 760,000 order lines held them for 29 s.
import { setImmediate } from 'node:timers/promises';

const ID_SLICE = 500;

/** What `read` gives for each slice of `ids` in turn, as one sequence. */
export async function* inSlices<T>(
  ids: readonly number[],
  read: (slice: number[]) => Promise<Iterable<T>>,
): AsyncGenerator<T> {
  for (let i = 0; i < ids.length; i += ID_SLICE) {
    yield* await read(ids.slice(i, i + ID_SLICE));
    await setImmediate();
  }
}
