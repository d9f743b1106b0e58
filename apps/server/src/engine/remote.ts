/**
 * The engine seen from an `api` process, which holds no sessions (DESIGN §1, §8): each call becomes a
 * command to the worker that holds the account's lease, over Redis, and waits for its answer. Desired
 * state is already in the database when a command goes out, so a lost command only delays what the
 * workers' own reconciliation does anyway.
 */
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { TDeviceActivity } from '@sewablast/contract/monitor';
import { ENGINE_TEXT } from '@sewablast/contract/whatsapp';
import type { Db } from '../db/client.ts';
import type { whatsappAccounts } from '../db/schema.ts';
import { newRedis } from '../lib/redis-client.ts';
import type { Recipient, SendOutcome } from './blast/send.ts';
import {
  type Engine,
  EngineUnavailable,
  type LinkOptions,
  type SimulatorAction,
  type SimulatorInput,
} from './engine.ts';
import { dropLease, leaseHolder } from './leases.ts';
import type { SessionHost } from './session/session-host.ts';

type AccountRow = typeof whatsappAccounts.$inferSelect;

export type EngineCommand =
  | { type: 'link'; accountId: number; options: LinkOptions }
  | { type: 'logout' | 'reconcile' | 'halt'; clientid: string }
  | { type: 'send'; clientid: string; to: Recipient; message: { text: string } }
  | { type: 'describe'; clientid: string }
  | { type: 'simulate'; clientid: string; action: SimulatorAction; input: SimulatorInput }
  | { type: 'recheck'; clientid?: string };

/** A question every node answers, whatever it holds: the dev socket monitor's census of live sockets. */
export type NodeQuery = { type: 'sockets'; channels: string[] };

export interface Request {
  id: string;
  replyTo: string;
  /** The worker that should answer; null for a link, which the first worker to lease the account takes. */
  workerId: string | null;
  command: EngineCommand | NodeQuery;
}

/** A send answers with its outcome; a failed command with why, for the api process to pass on. */
export type Reply =
  | { id: string; ok: true; outcome?: SendOutcome; data?: unknown }
  | { id: string; ok: false; msg: string };

/** Request/reply between processes: requests go to every worker, replies to the asking process only. */
export interface CommandTransport {
  readonly nodeId: string;
  request(request: Request): Promise<void>;
  reply(to: string, reply: Reply): Promise<void>;
  onRequest(handler: (request: Request) => void): void;
  onReply(handler: (reply: Reply) => void): void;
  close(): Promise<void>;
}

const REQUESTS = 'sewablast:engine';
const repliesOf = (nodeId: string) => `sewablast:engine:reply:${nodeId}`;

export async function createRedisTransport(url: string, onError: (error: Error) => void): Promise<CommandTransport> {
  const nodeId = randomBytes(8).toString('hex');
  const publisher = await newRedis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscriber = await newRedis(url, { lazyConnect: true });
  publisher.on('error', onError);
  subscriber.on('error', onError);
  await Promise.all([publisher.connect(), subscriber.connect()]);
  await subscriber.subscribe(REQUESTS, repliesOf(nodeId));
  const local = new EventEmitter();
  subscriber.on('message', (channel: string, raw: string) => {
    try {
      local.emit(channel === REQUESTS ? 'request' : 'reply', JSON.parse(raw));
    } catch (error) {
      onError(error as Error);
    }
  });
  return {
    nodeId,
    async request(request) {
      await publisher.publish(REQUESTS, JSON.stringify(request));
    },
    async reply(to, reply) {
      await publisher.publish(repliesOf(to), JSON.stringify(reply));
    },
    onRequest: (handler) => local.on('request', handler),
    onReply: (handler) => local.on('reply', handler),
    async close() {
      local.removeAllListeners();
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

/** How long an api process waits for the worker; a send may retry and wait for a reconnect. */
const WAIT_MS: Record<EngineCommand['type'], number> = {
  link: 15_000,
  logout: 10_000,
  reconcile: 0,
  halt: 15_000,
  send: 90_000,
  describe: 5_000,
  simulate: 5_000,
  recheck: 0,
};

/** A worker's answer, or why there is none: nobody answered in time, or the worker failed the command. */
function answered(reply: Reply | null): Extract<Reply, { ok: true }> {
  if (!reply) throw new EngineUnavailable(ENGINE_TEXT.noWorker);
  if (!reply.ok) throw new EngineUnavailable(reply.msg);
  return reply;
}

export class RemoteEngine implements Engine {
  private readonly pending = new Map<string, (reply: Reply | null) => void>();

  constructor(
    private readonly db: Db,
    private readonly transport: CommandTransport,
  ) {
    transport.onReply((reply) => this.pending.get(reply.id)?.(reply));
  }

  private async ask(workerId: string | null, command: EngineCommand): Promise<Reply | null> {
    const id = randomBytes(8).toString('hex');
    const wait = WAIT_MS[command.type];
    const answered = new Promise<Reply | null>((resolve) => {
      if (wait === 0) return resolve(null);
      const timer = setTimeout(() => settle(null), wait);
      const settle = (reply: Reply | null) => {
        clearTimeout(timer);
        this.pending.delete(id);
        resolve(reply);
      };
      this.pending.set(id, settle);
    });
    await this.transport.request({ id, replyTo: this.transport.nodeId, workerId, command });
    return answered;
  }

  async link(account: AccountRow, options: LinkOptions): Promise<void> {
    const holder = await leaseHolder(this.db, account.clientid);
    if (holder) await this.ask(holder, { type: 'logout', clientid: account.clientid });
    await dropLease(this.db, account.id);
    answered(await this.ask(null, { type: 'link', accountId: account.id, options }));
  }

  private async toHolder(command: EngineCommand & { clientid: string }): Promise<Reply | null> {
    const holder = await leaseHolder(this.db, command.clientid);
    return holder ? this.ask(holder, command) : null;
  }

  async logout(clientid: string): Promise<void> {
    await this.toHolder({ type: 'logout', clientid });
  }

  async reconcile(clientid: string): Promise<void> {
    await this.toHolder({ type: 'reconcile', clientid });
  }

  async halt(clientid: string): Promise<void> {
    await this.toHolder({ type: 'halt', clientid });
  }

  /** To every worker: each wakes the waits of the blasts it holds. */
  async recheck(clientid?: string): Promise<void> {
    await this.ask(null, { type: 'recheck', ...(clientid ? { clientid } : {}) });
  }

  async sendNow(clientid: string, to: Recipient, message: { text: string }): Promise<SendOutcome> {
    const { outcome } = answered(await this.toHolder({ type: 'send', clientid, to, message }));
    if (!outcome) throw new EngineUnavailable(ENGINE_TEXT.noWorker);
    return outcome;
  }

  /** A dev control is lost, not an error, when no worker answers in time: the route says it found no session. */
  async simulate(clientid: string, action: SimulatorAction, input: SimulatorInput = {}): Promise<boolean> {
    const reply = await this.toHolder({ type: 'simulate', clientid, action, input });
    return reply?.ok === true && reply.data === true;
  }

  /** What the worker holding the account does with it (the dev monitors); null when no lease holds it. */
  async describe(clientid: string): Promise<TDeviceActivity | null> {
    const holder = await leaseHolder(this.db, clientid);
    if (!holder) return null;
    const { data } = answered(await this.ask(holder, { type: 'describe', clientid }));
    return (data as TDeviceActivity | undefined) ?? null;
  }
}

/** The worker's side: carries out the commands meant for it and answers the process that asked. */
export function serveCommands(transport: CommandTransport, host: SessionHost, log?: (m: string, e?: unknown) => void) {
  transport.onRequest((request) => {
    void answer(request).catch((error) => log?.(`engine command ${request.command.type} failed`, error));
  });

  async function answer({ id, replyTo, workerId, command }: Request): Promise<void> {
    if (command.type === 'sockets' || (workerId !== null && workerId !== host.workerId)) return;
    let reply: Reply = { id, ok: true };
    try {
      if (command.type === 'link') {
        const account = await host.leases.takeIfFree(command.accountId);
        if (!account) return;
        await host.link(account, command.options);
      } else if (command.type === 'recheck') {
        await host.recheck(command.clientid);
      } else if (command.type === 'describe') {
        reply = { id, ok: true, data: await host.describe(command.clientid) };
      } else if (command.type === 'simulate') {
        reply = { id, ok: true, data: await host.simulate(command.clientid, command.action, command.input) };
      } else if (command.type === 'send') {
        reply = { id, ok: true, outcome: await host.sendNow(command.clientid, command.to, command.message) };
      } else {
        await host[command.type](command.clientid);
      }
    } catch (error) {
      reply = { id, ok: false, msg: error instanceof Error ? error.message : String(error) };
    }
    if (command.type !== 'reconcile' && command.type !== 'recheck') await transport.reply(replyTo, reply);
  }
}
