// Ids that tie a field to its error message (aria-describedby) where no framework hands them out:
// server-rendered controls and the script that updates them. Unique within a process, which
// covers every page it renders and every error a page's script adds.
let next = 0;

export const nextFieldId = (prefix: string): string => `${prefix}-${(next++).toString(36)}`;
