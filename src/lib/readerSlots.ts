// The parts of a page shared by many readers (server/pageCache.ts) that are each reader's own. The
// page marks such an element with its slot's name; the element holds plain text only, which the
// cache puts in per reader (server/pageTemplate.ts).
export const READER_SLOTS = ['store-name', 'welcome-name'] as const;
export type ReaderSlot = (typeof READER_SLOTS)[number];

export const READER_SLOT_ATTRIBUTE = 'data-reader-slot';

/** The attribute to spread on the slot's element. */
export const readerSlot = (name: ReaderSlot) => ({ [READER_SLOT_ATTRIBUTE]: name });

/** What a member's slots show, as plain text: the top bar's and the home page's welcome store name. */
export const readerSlotTexts = (reader: {
  companyName: string;
}): Readonly<Record<ReaderSlot, string>> => ({
  'store-name': reader.companyName,
  'welcome-name': reader.companyName,
});
