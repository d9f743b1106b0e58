/**
 * The periodic sweep of expired sign-in rows: login challenges, email confirmation and password reset links,
 * remembered devices, and dead sessions go in the worker's housekeeping round, while the same user never
 * signs in again; whatever is still live stays.
 */
import { randomBytes } from 'node:crypto';
import { TOKEN_TTL_SECONDS } from '@sewablast/contract/auth';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import {
  emailConfirmations,
  loginChallenges,
  passwordResets,
  rememberedDevices,
  userSessions,
  users,
} from '../src/db/schema.ts';
import { createMemoryBus } from '../src/live/bus.ts';
import { createServices, type Services } from '../src/services.ts';
import { RARE_FAULTS_OFF, SimulatorDriver } from '../src/wa/simulator.ts';
import { seededTestDatabase, TEST_CLIENT } from './harness.ts';

let database: Database;
let services: Services;
beforeAll(async () => {
  database = await seededTestDatabase();
  services = createServices(database.db, randomBytes(32), {
    bus: createMemoryBus(),
    driver: new SimulatorDriver({ seed: 7, scanMs: 60_000, delayMs: [1, 3], rates: RARE_FAULTS_OFF }),
    timeZone: 'Asia/Jakarta',
    hostRenewMs: 50,
  });
});
afterAll(async () => {
  await services.host?.stop();
  await database.close();
});

async function until(check: () => Promise<boolean>, ms = 10_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return check();
}

const hash = () => randomBytes(32).toString('hex');

it('deletes what expired in the housekeeping round, and keeps what is live', async () => {
  const db = database.db;
  const user = await services.users.create({
    firstname: 'Sapu',
    lastname: 'Bersih',
    email: `sapu-${randomBytes(3).toString('hex')}@test.local`,
    password: 'secret123',
  });
  const past = new Date(Date.now() - 60_000);
  const future = new Date(Date.now() + 3_600_000);
  const [enabledAt] = await db
    .update(users)
    .set({ totp_enabled_at: new Date() })
    .where(eq(users.id, user.id))
    .returning({ at: users.totp_enabled_at });
  const rows = async <T extends { id: number }>(inserted: Promise<T[]>) => (await inserted).map((row) => row.id);
  const challenges = await rows(
    db
      .insert(loginChallenges)
      .values([past, future].map((expires_at) => ({ user_id: user.id, token_hash: hash(), expires_at })))
      .returning({ id: loginChallenges.id }),
  );
  const confirmations = await rows(
    db
      .insert(emailConfirmations)
      .values(
        [past, future].map((expires_at) => ({ user_id: user.id, email: user.email, token_hash: hash(), expires_at })),
      )
      .returning({ id: emailConfirmations.id }),
  );
  const resets = await rows(
    db
      .insert(passwordResets)
      .values(
        [past, future].map((expires_at) => ({ user_id: user.id, email: user.email, token_hash: hash(), expires_at })),
      )
      .returning({ id: passwordResets.id }),
  );
  const devices = await rows(
    db
      .insert(rememberedDevices)
      .values(
        [past, future].map((expires_at) => ({
          user_id: user.id,
          token_hash: hash(),
          version: user.token_version,
          two_factor_since: enabledAt?.at ?? new Date(),
          expires_at,
        })),
      )
      .returning({ id: rememberedDevices.id }),
  );
  const live = (await services.tokens.verify(await services.userSessions.start(user, TEST_CLIENT)))?.sessionId;
  const [revoked, old] = await rows(
    db
      .insert(userSessions)
      .values([
        { user_id: user.id, version: user.token_version, revoked_at: new Date() },
        {
          user_id: user.id,
          version: user.token_version,
          created_at: new Date(Date.now() - (TOKEN_TTL_SECONDS + 60) * 1000),
        },
      ])
      .returning({ id: userSessions.id }),
  );

  const left = async () => ({
    challenges: (
      await db.select({ id: loginChallenges.id }).from(loginChallenges).where(inArray(loginChallenges.id, challenges))
    ).map((row) => row.id),
    confirmations: (
      await db
        .select({ id: emailConfirmations.id })
        .from(emailConfirmations)
        .where(inArray(emailConfirmations.id, confirmations))
    ).map((row) => row.id),
    resets: (
      await db.select({ id: passwordResets.id }).from(passwordResets).where(inArray(passwordResets.id, resets))
    ).map((row) => row.id),
    devices: (
      await db
        .select({ id: rememberedDevices.id })
        .from(rememberedDevices)
        .where(inArray(rememberedDevices.id, devices))
    ).map((row) => row.id),
    sessions: (await db.select({ id: userSessions.id }).from(userSessions).where(eq(userSessions.user_id, user.id)))
      .map((row) => row.id)
      .sort(),
  });
  const expected = {
    challenges: challenges.slice(1),
    confirmations: confirmations.slice(1),
    resets: resets.slice(1),
    devices: devices.slice(1),
    sessions: [live],
  };
  expect((await left()).sessions).toEqual([live, revoked, old].sort());

  await services.host?.start();
  expect(await until(async () => JSON.stringify(await left()) === JSON.stringify(expected))).toBe(true);
  expect(await left()).toEqual(expected);
});
