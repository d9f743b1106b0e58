/** What the generator and validator tests share: a linked account for a user, and waiting on a job's row. */
import { eq } from 'drizzle-orm';
import { whatsappAccounts } from '../src/db/schema.ts';
import type { TestApp } from './harness.ts';

type Login = Awaited<ReturnType<TestApp['loginAs']>>;

let devices = 0;

export async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Links a simulated device for `owner` (the dev presses scan) and waits until it reads connected. */
export async function linkAccount(t: TestApp, owner: Login, dev: Login) {
  const clientid = `job-${Date.now().toString(36)}-${++devices}`;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/whatsapp/new-client',
    headers: owner.headers,
    payload: { deviceId: clientid, userId: owner.user.id },
  });
  if (created.statusCode !== 200) throw new Error(`new-client: ${created.body}`);
  await until(async () => {
    const scan = await t.app.inject({ method: 'POST', url: `/dev/simulator/${clientid}/scan`, headers: dev.headers });
    return scan.statusCode === 200;
  });
  let account: typeof whatsappAccounts.$inferSelect | undefined;
  await until(async () => {
    [account] = await t.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.clientid, clientid));
    return account?.state === 'connected';
  });
  if (!account) throw new Error('no account');
  return account;
}
