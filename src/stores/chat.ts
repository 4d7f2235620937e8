// The buyer's chat state, shared by the toolbar (badge, src/client/chat.ts) and the panel island.
import { atom } from 'nanostores';
import type { ChatMessage } from '#/lib/chat.ts';
import type { ChannelState } from '#/client/chatChannel.ts';

export interface PendingMessage {
  clientId: string;
  /** what the buyer sees until the server has it */
  preview: string;
  failed?: string;
}

export const $chatUnread = atom(0);
export const $chatOpen = atom(false);
export const $chatConnection = atom<ChannelState>('connecting');
/** the conversation as loaded so far (null until the panel first opens) */
export const $chatMessages = atom<ChatMessage[] | null>(null);
export const $chatHasMore = atom(false);
export const $chatPending = atom<PendingMessage[]>([]);
