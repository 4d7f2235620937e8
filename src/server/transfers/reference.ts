// A bank transfer's reference (转账附言): short enough to type into a banking app, read aloud
// without look-alikes (no 0/O, 1/I), unique across all payments.
import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function transferReference(): string {
  return `YP${[...randomBytes(8)].map((b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}

export const REFERENCE_RE = /^YP[A-HJ-NP-Z2-9]{8}$/;
