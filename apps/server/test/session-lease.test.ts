/**
 * Two session hosts on one database (DESIGN §8): a host whose lease passed to another writes nothing of its
 * old session's state, and lets that session go.
 */
import { eq, notInArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { messageTemplates, phoneNumbers, proxies, users, whatsappAccounts } from '../src/db/schema.ts';
import { SessionHost } from '../src/engine/session/session-host.ts';
import { createMemoryBus } from '../src/live/bus.ts';
import { createFileStore } from '../src/modules/file/stores.ts';
import type { WaDriver } from '../src/wa/driver.ts';
import { RARE_FAULTS_OFF, SimulatorDriver } from '../src/wa/simulator.ts';
import { aSimulatorAccount } from './factories.ts';
import { seededTestDatabase } from './harness.ts';

let database: Database;
let userId: number;
beforeAll(async () => {
  const seeded = await seededTestDatabase();
  database = seeded;
  userId = seeded.devId;
});
afterAll(() => database.close());

const hosts: SessionHost[] = [];
/** Logins a test held back (slowDriver): let go before its hosts stop, which wait for logins under way. */
const heldBack = new Set<() => void>();
afterEach(async () => {
  for (const release of heldBack) release();
  heldBack.clear();
  for (const host of hosts.splice(0)) await host.stop();
});

/** Both hosts reach the same simulated WhatsApp, which closes a session with 440 when its phone connects again. */
function hostOn(driver: SimulatorDriver, bus = createMemoryBus()): SessionHost {
  const host = new SessionHost({
    files: createFileStore(database.db),
    db: database.db,
    driver,
    bus,
    proxyOf: async () => null,
    releaseProxy: async () => {},
    // No housekeeping round during a test: each takeover is the test's own doing.
    renewMs: 600_000,
    claimMs: 600_000,
  });
  hosts.push(host);
  return host;
}

async function until(check: () => Promise<boolean> | boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

let accounts = 0;
const linkedAccount = async () => (await aSimulatorAccount(database.db, { userId, tag: 'leased' })).clientid;

const rowOf = async (clientid: string) =>
  (await database.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.clientid, clientid)))[0];

/** The worker paused past its lease: the row reads as free to any other worker. */
const lapse = (clientid: string) =>
  database.db
    .update(whatsappAccounts)
    .set({ lease_until: new Date(Date.now() - 60_000) })
    .where(eq(whatsappAccounts.clientid, clientid));

describe('a host that lost its lease', () => {
  it("changes nothing with its session's late event, and lets the session go", async () => {
    const driver = new SimulatorDriver({
      seed: 21,
      scanMs: 60_000,
      delayMs: [1, 3],
      reconnectMs: 60_000,
      rates: RARE_FAULTS_OFF,
    });
    const clientid = await linkedAccount();
    const a = hostOn(driver);
    await a.start();
    expect(a.holds(clientid)).toBe(true);
    await until(async () => (await rowOf(clientid))?.owner_id === a.workerId);

    const b = hostOn(new SimulatorDriver({ seed: 22, scanMs: 60_000, delayMs: [1, 3], rates: RARE_FAULTS_OFF }));
    await lapse(clientid);
    await b.leases.take([clientid]);
    driver.control(clientid, 'disconnect');

    await until(() => !a.holds(clientid));
    expect(await rowOf(clientid)).toMatchObject({ owner_id: b.workerId, state: 'connected', last_error: null });
  });

  it("does not mark the account 'conflict' when the new owner's session pushes its old one out (440)", async () => {
    const driver = new SimulatorDriver({ seed: 23, scanMs: 60_000, delayMs: [1, 3], rates: RARE_FAULTS_OFF });
    const clientid = await linkedAccount();
    const a = hostOn(driver);
    await a.start();
    await until(async () => (await rowOf(clientid))?.owner_id === a.workerId);

    const busOfB = createMemoryBus();
    let connectedOnB = false;
    busOfB.subscribe(({ message }) => {
      if (message.event === 'connection.update' && message.payload.state === 'connected') connectedOnB = true;
    });
    const b = hostOn(driver, busOfB);
    await lapse(clientid);
    await b.start();
    expect(b.holds(clientid)).toBe(true);
    await until(() => !a.holds(clientid) && connectedOnB);
    expect(await rowOf(clientid)).toMatchObject({ owner_id: b.workerId, state: 'connected' });
  });

  it('still writes the state of sessions it holds', async () => {
    const driver = new SimulatorDriver({
      seed: 24,
      scanMs: 60_000,
      delayMs: [1, 3],
      reconnectMs: 60_000,
      rates: RARE_FAULTS_OFF,
    });
    const clientid = await linkedAccount();
    const a = hostOn(driver);
    await a.start();
    await until(async () => (await rowOf(clientid))?.owner_id === a.workerId);
    await until(async () => {
      driver.control(clientid, 'disconnect');
      return (await rowOf(clientid))?.state === 'disconnected';
    });
    expect(a.holds(clientid)).toBe(true);
  });
});

/**
 * A driver whose logins for `slow` accounts hang until the test lets each go (a slow proxy, WhatsApp slow
 * to answer); other accounts (earlier tests') open on the simulator at once.
 */
function slowDriver(simulator: SimulatorDriver, slow: string[]) {
  const steps: string[] = [];
  const gates = new Map<string, () => void>();
  const driver: WaDriver = {
    name: 'simulator',
    open: async (options) => {
      if (!slow.includes(options.deviceId)) return simulator.open(options);
      steps.push(`open ${options.deviceId}`);
      await new Promise<void>((resolve) => {
        gates.set(options.deviceId, resolve);
        heldBack.add(resolve);
      });
      steps.push(`opened ${options.deviceId}`);
      return simulator.open(options);
    },
  };
  /** Lets the account's login through; its session connects a few milliseconds later. */
  const release = (clientid: string) => gates.get(clientid)?.();
  return { driver, steps, gates, release };
}

function claimingHost(driver: WaDriver, steps: string[], options: { maxPendingOpens?: number } = {}) {
  const pauses: number[] = [];
  const host = new SessionHost({
    files: createFileStore(database.db),
    db: database.db,
    driver,
    bus: createMemoryBus(),
    proxyOf: async () => null,
    releaseProxy: async () => {},
    renewMs: 600_000,
    claimMs: 600_000,
    stagger: async (ms) => {
      steps.push('pause');
      pauses.push(ms);
    },
    ...options,
  });
  hosts.push(host);
  return { host, pauses };
}

/** Earlier tests' accounts are another worker's for the test: a claim takes only `clientids`. */
const onlyClaimable = (clientids: string[]) =>
  database.db
    .update(whatsappAccounts)
    .set({ owner_id: 'another-worker', lease_until: new Date(Date.now() + 3_600_000) })
    .where(notInArray(whatsappAccounts.clientid, clientids));

/** Lets every promise chain that needs no timer or I/O run: what would start at once has started. */
const settleMicrotasks = () => new Promise((resolve) => setImmediate(resolve));

describe('a host claiming many accounts', () => {
  it('starts each login a jittered pause after the one before, without waiting for it to finish', async () => {
    const clientids = [await linkedAccount(), await linkedAccount(), await linkedAccount()];
    await onlyClaimable(clientids);
    const simulator = new SimulatorDriver({ seed: 25, scanMs: 60_000, delayMs: [1, 3], rates: RARE_FAULTS_OFF });
    const { driver, steps, gates, release } = slowDriver(simulator, clientids);
    const { host, pauses } = claimingHost(driver, steps);
    const starting = host.start();
    // All three logins started while none of them has finished: N sessions take N pauses, not N logins.
    await expect.poll(() => gates.size).toBe(3);
    expect(steps.filter((step) => step.startsWith('opened'))).toEqual([]);
    expect(steps.filter((step) => step !== 'pause')).toEqual(clientids.map((clientid) => `open ${clientid}`));
    // A pause between the starts of every two logins, jittered by half around OPEN_STAGGER_MS.
    const starts = steps.map((step, i) => (step.startsWith('open ') ? i : -1)).filter((i) => i >= 0);
    for (let k = 1; k < starts.length; k++) {
      expect(steps.slice((starts[k - 1] as number) + 1, starts[k]).filter((step) => step === 'pause')).toHaveLength(1);
    }
    for (const ms of pauses) expect(ms).toBeGreaterThanOrEqual(25);
    for (const ms of pauses) expect(ms).toBeLessThanOrEqual(75);

    for (const clientid of clientids.toReversed()) release(clientid);
    await starting;
    for (const clientid of clientids) expect(host.holds(clientid)).toBe(true);
    await until(async () => {
      const rows = await Promise.all(clientids.map(rowOf));
      return rows.every((row) => row?.state === 'connected');
    });
  });

  it('keeps at most a bounded number of logins pending, and starts the next when one connects', async () => {
    const clientids = [await linkedAccount(), await linkedAccount(), await linkedAccount()];
    await onlyClaimable(clientids);
    const simulator = new SimulatorDriver({ seed: 28, scanMs: 60_000, delayMs: [1, 3], rates: RARE_FAULTS_OFF });
    const { driver, steps, gates, release } = slowDriver(simulator, clientids);
    const { host } = claimingHost(driver, steps, { maxPendingOpens: 2 });
    const starting = host.start();
    await expect.poll(() => gates.size).toBe(2);
    // The pause after the second start has passed: an unbounded opener would have started the third by now.
    const second = steps.indexOf(`open ${[...gates.keys()][1]}`);
    await expect.poll(() => steps.slice(second).includes('pause')).toBe(true);
    await settleMicrotasks();
    expect(gates.size).toBe(2);

    const [first] = [...gates.keys()];
    release(first as string);
    // Its session connects; its place goes to the third login.
    await expect.poll(() => gates.size, { timeout: 5000 }).toBe(3);
    for (const clientid of gates.keys()) release(clientid);
    await starting;
    for (const clientid of clientids) expect(host.holds(clientid)).toBe(true);
  });

  it('leaves an account linked while it waited for its login alone when its turn comes', async () => {
    const [slow, linked] = [await linkedAccount(), await linkedAccount()];
    await onlyClaimable([slow, linked]);
    const simulator = new SimulatorDriver({ seed: 30, scanMs: 60_000, delayMs: [1, 3], rates: RARE_FAULTS_OFF });
    const { driver: gated, steps, gates, release } = slowDriver(simulator, [slow]);
    const opens: string[] = [];
    const driver: WaDriver = {
      name: 'simulator',
      open: (options) => {
        opens.push(options.deviceId);
        return gated.open(options);
      },
    };
    const { host } = claimingHost(driver, steps, { maxPendingOpens: 1 });
    const starting = host.start();
    await expect.poll(() => gates.size).toBe(1);
    const row = await rowOf(linked);
    if (!row) throw new Error('no account');
    await host.link(row);
    expect(host.holds(linked)).toBe(true);
    release(slow);
    await starting;
    expect(opens.filter((deviceId) => deviceId === linked)).toHaveLength(1);
  });

  it('renews the leases of accounts whose login is still pending', async () => {
    const clientids = [await linkedAccount(), await linkedAccount(), await linkedAccount()];
    await onlyClaimable(clientids);
    const simulator = new SimulatorDriver({ seed: 29, scanMs: 60_000, delayMs: [1, 3], rates: RARE_FAULTS_OFF });
    const { driver, gates, release } = slowDriver(simulator, clientids);
    const host = new SessionHost({
      files: createFileStore(database.db),
      db: database.db,
      driver,
      bus: createMemoryBus(),
      proxyOf: async () => null,
      releaseProxy: async () => {},
      renewMs: 200,
      claimMs: 200,
      stagger: async () => {},
    });
    hosts.push(host);
    const starting = host.start();
    await expect.poll(() => gates.size).toBe(3);
    const leasesOf = async () => Promise.all(clientids.map(async (c) => (await rowOf(c))?.lease_until?.getTime() ?? 0));
    const claimed = await leasesOf();
    for (const until of claimed) expect(until).toBeGreaterThan(Date.now());
    // start() waits for its round's logins, so the renewals run on a host still starting: none is held yet.
    expect(clientids.some((clientid) => host.holds(clientid))).toBe(false);
    await expect
      .poll(async () => (await leasesOf()).every((until, i) => until > (claimed[i] as number)), { timeout: 10_000 })
      .toBe(true);
    for (const clientid of clientids) release(clientid);
    await starting;
  });
});

describe('a banned account', () => {
  it('banned for good (406): suspended, and its proxy quarantined instead of going back to the pool', async () => {
    const [proxy] = await database.db
      .insert(proxies)
      .values({ value: `http://10.9.0.${++accounts}:3128`, status: 'in use' })
      .returning();
    const clientid = await linkedAccount();
    await database.db
      .update(whatsappAccounts)
      .set({ proxy_id: proxy?.id })
      .where(eq(whatsappAccounts.clientid, clientid));
    const driver = new SimulatorDriver({ seed: 26, scanMs: 60_000, delayMs: [1, 3], rates: RARE_FAULTS_OFF });
    const released: number[] = [];
    const banned: number[] = [];
    const host = new SessionHost({
      files: createFileStore(database.db),
      db: database.db,
      driver,
      bus: createMemoryBus(),
      proxyOf: async () => null,
      releaseProxy: async (id, why) => void (why === 'banned' ? banned : released).push(id),
      renewMs: 600_000,
      claimMs: 600_000,
    });
    hosts.push(host);
    await host.start();
    await until(async () => (await rowOf(clientid))?.state === 'connected');
    driver.control(clientid, 'ban');
    await until(async () => (await rowOf(clientid))?.proxy_id === null);
    expect(await rowOf(clientid)).toMatchObject({ suspended: true, state: 'suspended' });
    // Quarantined, not given back: services.ts takes it out of the pool (session-cleanup.test.ts).
    expect(banned).toEqual([proxy?.id]);
    expect(released).toEqual([]);
  });

  it('banned for a while (402): keeps its credentials and blast, and is opened again only once the ban ended', async () => {
    const clientid = await linkedAccount();
    // Work for a blast that outlasts the test: a send a second, far more numbers than seconds.
    await database.db.insert(messageTemplates).values({ text_wa: 'Halo {name}' });
    await database.db
      .insert(phoneNumbers)
      .values(
        Array.from({ length: 200 }, (_, i) => ({ number: `62813900${String(i).padStart(5, '0')}`, name: `Rina ${i}` })),
      );
    await database.db.update(users).set({ blast_interval_min: 1, blast_interval_max: 1 }).where(eq(users.id, userId));
    await database.db
      .update(whatsappAccounts)
      .set({ blasting: true, state: 'disconnected' })
      .where(eq(whatsappAccounts.clientid, clientid));
    const options = { scanMs: 60_000, delayMs: [1, 3] as [number, number], rates: RARE_FAULTS_OFF, tempBanMs: 3000 };
    const driver = new SimulatorDriver({ seed: 27, ...options });
    const a = hostOn(driver);
    await a.start();
    await until(async () => (await rowOf(clientid))?.state === 'connected');
    driver.control(clientid, 'tempBan');
    await until(async () => (await rowOf(clientid))?.state === 'tempBanned', 20_000);
    await until(() => !a.holds(clientid), 20_000);
    const banned = await rowOf(clientid);
    expect(banned).toMatchObject({
      blasting: true,
      suspended: false,
      suspended_count: 0,
      last_error: 'temporarily banned (402)',
    });
    expect(banned?.auth_state).not.toBeNull();
    expect(banned?.limited_until?.getTime()).toBeGreaterThan(Date.now());

    // Its lease lapses; another worker leaves it alone while the ban runs, and takes it after.
    await lapse(clientid);
    const b = hostOn(driver);
    await b.start();
    expect(b.holds(clientid)).toBe(false);
    await until(async () => ((await rowOf(clientid))?.limited_until?.getTime() ?? 0) <= Date.now(), 20_000);
    await b.stop();
    const c = hostOn(driver);
    await c.start();
    expect(c.holds(clientid)).toBe(true);
    await until(async () => (await rowOf(clientid))?.state === 'connected', 20_000);
    // The blast it kept goes on: it sends again.
    const sentBefore = banned?.count_success ?? 0;
    await until(async () => ((await rowOf(clientid))?.count_success ?? 0) > sentBefore, 20_000);
    expect(await rowOf(clientid)).toMatchObject({ suspended: false });
  });
});
