// WeChat binding: a short-lived code shown as a QR; the WeChat side (a later issue) posts it back
// with the openid. Unbinding clears the openid.
import { randomBytes } from 'node:crypto';
import { shopIso } from '#/lib/shopClock.ts';
import { eq, lt } from 'drizzle-orm';
import QRCode from 'qrcode';
import { getDb } from '#/server/db/client.ts';
import { accounts, wechatBindCodes } from '#/server/db/schema/index.ts';
import { invalid } from '#/server/errors.ts';

export const BIND_CODE_TTL_MS = 10 * 60 * 1000;

/**
 * A new bind code; `qr_svg` is the QR of its url drawn on the server (an <svg> element the page
 * inlines), so the browser needs no QR library.
 */
export async function createBindCode(
  accountId: number,
  origin: string,
): Promise<{ code: string; url: string; qr_svg: string; expires_at: string }> {
  const db = await getDb();
  await db.delete(wechatBindCodes).where(lt(wechatBindCodes.expiresAt, new Date()));
  const code = randomBytes(12).toString('base64url');
  const expiresAt = new Date(Date.now() + BIND_CODE_TTL_MS);
  await db.insert(wechatBindCodes).values({ code, accountId, expiresAt });
  const url = `${origin}/wechat/bind?code=${code}`;
  const svg = await QRCode.toString(url, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    width: 200,
    color: { dark: '#000000', light: '#ffffff' },
  });
  return { code, url, qr_svg: svg, expires_at: shopIso(expiresAt) };
}

export async function unbindWechat(accountId: number): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .select({ openId: accounts.wechatOpenId })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (!row?.openId) throw invalid('wechat', '当前账号未绑定微信');
  await db.update(accounts).set({ wechatOpenId: null }).where(eq(accounts.id, accountId));
}
