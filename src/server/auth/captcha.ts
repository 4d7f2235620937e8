// The login captcha: an image of four characters, answered once within five minutes. Challenges
// live in the database, so any process can check the answer to a challenge another one drew.
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import { getDb } from '#/server/db/client.ts';
import { loginChallenges } from '#/server/db/schema/index.ts';

const CHALLENGE_TTL_MS = 5 * 60 * 1000;

// Case is ignored, and characters readers confuse are never drawn.
const normalise = (answer: string) => answer.trim().toLowerCase();
const hashOf = (answer: string) => createHash('sha256').update(normalise(answer)).digest();

export async function newChallenge(now = new Date()): Promise<{ id: string; svg: string }> {
  const { text, data } = svgCaptcha.create({
    size: 4,
    ignoreChars: '0oO1iIlL',
    noise: 2,
    width: 120,
    height: 40,
    fontSize: 44,
    background: '#f3f4f6',
  });
  const id = randomUUID();
  const db = await getDb();
  await db.insert(loginChallenges).values({
    id,
    answerHash: hashOf(text).toString('hex'),
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
  // Expired challenges are worthless; trimming here keeps the table small without a scheduler.
  await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, now));
  return { id, svg: data };
}

/** True when the answer is right; a challenge is used up by any answer, right or wrong. */
export async function passChallenge(
  id: string,
  answer: string,
  now = new Date(),
): Promise<boolean> {
  if (!id || !answer) return false;
  const db = await getDb();
  const [row] = await db
    .delete(loginChallenges)
    .where(and(eq(loginChallenges.id, id), gt(loginChallenges.expiresAt, now)))
    .returning({ answerHash: loginChallenges.answerHash });
  if (!row) return false;
  return timingSafeEqual(Buffer.from(row.answerHash, 'hex'), hashOf(answer));
}
