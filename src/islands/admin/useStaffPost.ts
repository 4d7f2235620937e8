import { useState } from 'react';
import { api, ApiAborted, ApiError } from '#/client/api.ts';
import { toast } from '#/stores/notice.ts';

/**
 * A back-office action that changes a row of a server-rendered list: post (or any other call),
 * say it is done and reload the list (the row moves to its next state). A refusal has been shown
 * by the API client already; the button is enabled again.
 */
export function useStaffPost() {
  const [busy, setBusy] = useState(false);
  const act = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await call();
      toast(done, 'success');
      location.reload();
    } catch (e) {
      setBusy(false);
      if (!(e instanceof ApiError || e instanceof ApiAborted)) throw e;
    }
  };
  const post = (path: string, body: object, done: string) => act(() => api.post(path, body), done);
  const remove = (path: string, done: string) => act(() => api.delete(path), done);
  return { busy, post, remove, act };
}
