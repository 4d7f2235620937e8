import { randomBytes } from 'node:crypto';
import { shopStamp } from '#/lib/shopClock.ts';

/**
 * An order's number (订单号 YP…, points-mall order JF…): its prefix, the shop's wall-clock time it
 * was made, to the second (what a clerk or buyer reads off the number is Beijing time), and six
 * random hex digits.
 */
export const serialNo = (prefix: string, at = new Date()): string =>
  `${prefix}${shopStamp(at)}${randomBytes(3).toString('hex').toUpperCase()}`;
