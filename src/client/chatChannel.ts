// One chat stream (Server-Sent Events) that survives drops: EventSource reconnects by itself with
// Last-Event-ID; when it gives up (the server answered an error, e.g. while restarting) we open
// a new one with ?last_id= after a pause, so the server replays what was missed either way.
export type ChannelState = 'connecting' | 'online' | 'offline';

export interface ChannelOptions {
  url: string;
  onEvent: (type: string, data: unknown, id: number) => void;
  onState: (state: ChannelState) => void;
  /** buyers: let go of the connection while the tab is hidden (browsers allow few per host) */
  pauseWhenHidden?: boolean;
}

const RETRY_MS = 2000;
/** A server that keeps refusing (signed out, restarting long) is asked less and less often. */
const RETRY_MAX_MS = 60_000;
const EVENTS = ['hello', 'message', 'read'] as const;

export function openChannel(opts: ChannelOptions): { lastId: () => number; close: () => void } {
  let lastId = 0;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let failures = 0;

  // While the browser says it is offline a try would only fail and lengthen the back-off; look
  // again soon instead, so a missed 'online' event cannot leave the stream closed for good.
  const retryIn = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (opts.pauseWhenHidden && document.hidden) return; // visibilitychange connects later
      if (navigator.onLine) connect();
      else retryIn(RETRY_MS);
    }, ms);
  };
  const connect = () => {
    if (closed || source) return;
    opts.onState('connecting');
    const url = lastId > 0 ? `${opts.url}?last_id=${lastId}` : opts.url;
    const es = new EventSource(url);
    source = es;
    es.onopen = () => {
      failures = 0;
      opts.onState('online');
    };
    es.onerror = () => {
      opts.onState('offline');
      if (es.readyState !== EventSource.CLOSED) return; // the browser retries with Last-Event-ID
      source = null;
      retryIn(Math.min(RETRY_MAX_MS, RETRY_MS * 2 ** failures++));
    };
    for (const type of EVENTS)
      es.addEventListener(type, (e) => {
        const m = e as MessageEvent<string>;
        const id = Number(m.lastEventId) || 0;
        if (type === 'message' && id > lastId) lastId = id;
        opts.onEvent(type, JSON.parse(m.data), id);
      });
  };
  const disconnect = () => {
    clearTimeout(timer);
    source?.close();
    source = null;
  };
  const onVisibility = () => {
    if (document.hidden) disconnect();
    else connect();
  };
  if (opts.pauseWhenHidden) document.addEventListener('visibilitychange', onVisibility);
  // The network is back: whatever failed while it was gone says nothing about the server, so
  // start again at once, dropping a stream the browser may still be retrying on its own clock.
  const onOnline = () => {
    if (closed || (opts.pauseWhenHidden && document.hidden)) return;
    failures = 0;
    if (source && source.readyState !== EventSource.OPEN) disconnect();
    connect();
  };
  // A connection the browser reports lost may linger half-open: drop it now, say so, and resume
  // from the last id when the network is back.
  const onOffline = () => {
    disconnect();
    opts.onState('offline');
    retryIn(RETRY_MS);
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  if (!(opts.pauseWhenHidden && document.hidden)) connect();
  return {
    lastId: () => lastId,
    close: () => {
      closed = true;
      disconnect();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    },
  };
}
