// The member centre's figures as the pages show them (money in yuan strings).
import { fenToYuan } from '#/lib/money.ts';
import type { MemberCounts } from './counts.ts';

export const presentCounts = (c: MemberCounts) => ({ ...c, balance: fenToYuan(c.balance) });
