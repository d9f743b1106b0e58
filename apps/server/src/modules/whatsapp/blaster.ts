/**
 * The Blaster page (spec part 1 'Blaster page'): one message from one connected account to the chosen numbers,
 * one after another with a short pause, outside any blast: nothing is paid for it and no blast counter
 * moves. The engine sends each one where the account's session lives, under its retry rule.
 */
import { normalisePhoneNumber, senderNumber } from '@sewablast/contract/phonenumber';
import {
  BLASTER_ALL,
  BLASTER_MAX_TARGETS,
  BLASTER_TEXT,
  ENGINE_TEXT,
  type TSendMessageRequest,
  type TSendMessageResponse,
} from '@sewablast/contract/whatsapp';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { whatsappAccounts } from '../../db/schema.ts';
import type { Recipient } from '../../engine/index.ts';
import { type Engine, EngineUnavailable } from '../../engine/index.ts';
import { requireAccess, visibleRows } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { badRequest, conflict } from '../../lib/app-error.ts';
import type { PhoneNumberService } from '../phonenumber/service.ts';

type SendResult = TSendMessageResponse['results'][number];

export interface BlasterDeps {
  db: Db;
  phoneNumbers: PhoneNumberService;
  /** The engine, or a 503 when this process reaches none. */
  sessions: () => Engine;
  /** Milliseconds in one second of send time: the pause between messages. */
  secondMs: number;
}

const tooMany = (count: number) => {
  const text = BLASTER_TEXT.tooManyReceivers(count, BLASTER_MAX_TARGETS);
  return badRequest(text, { targets: text });
};

export function createBlaster({ db, phoneNumbers, sessions, secondMs }: BlasterDeps) {
  /** 'All' is every active number; otherwise the comma-joined list, each number checked. */
  async function targetsOf(targets: string): Promise<string[]> {
    const parts = targets
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    let numbers: string[];
    if (parts.includes(BLASTER_ALL)) {
      const active = await phoneNumbers.active(BLASTER_MAX_TARGETS);
      if (active.total > BLASTER_MAX_TARGETS) throw tooMany(active.total);
      numbers = active.numbers;
    } else {
      numbers = [];
      for (const part of parts) {
        const number = normalisePhoneNumber(senderNumber(part));
        if (!number) throw badRequest(BLASTER_TEXT.badReceiver(part), { targets: BLASTER_TEXT.badReceiver(part) });
        numbers.push(number);
      }
      numbers = [...new Set(numbers)];
      if (numbers.length > BLASTER_MAX_TARGETS) throw tooMany(numbers.length);
    }
    if (numbers.length === 0) throw badRequest(BLASTER_TEXT.noReceivers, { targets: BLASTER_TEXT.noReceivers });
    return numbers;
  }

  async function sendOne(engine: Engine, clientid: string, to: Recipient, text: string): Promise<SendResult> {
    try {
      const outcome = await engine.sendNow(clientid, to, { text });
      if (outcome.status === 'success') return { number: to.number, status: 'success', error: null };
      const error = outcome.status === 'stopped' ? ENGINE_TEXT.stopping : outcome.error;
      return { number: to.number, status: 'fail', error };
    } catch (error) {
      // No process holds the session: this number fails, and so will the rest, each saying why.
      if (error instanceof EngineUnavailable) return { number: to.number, status: 'fail', error: error.message };
      throw error;
    }
  }

  return {
    async send(actor: Actor, body: TSendMessageRequest): Promise<TSendMessageResponse> {
      requireAccess(actor, { group: 'managers' });
      const senderPhone = senderNumber(body.senders);
      const [sender] = await db
        .select()
        .from(whatsappAccounts)
        .where(and(eq(whatsappAccounts.phonenumber, senderPhone), visibleRows(actor, whatsappAccounts.user_id)))
        .orderBy(sql`${whatsappAccounts.state} = 'connected' desc`, desc(whatsappAccounts.id))
        .limit(1);
      if (!sender) throw badRequest(BLASTER_TEXT.senderUnknown, { senders: BLASTER_TEXT.senderUnknown });
      if (sender.state !== 'connected') throw conflict(BLASTER_TEXT.notConnected(senderPhone, sender.state));
      const engine = sessions();

      const targets = await targetsOf(body.targets);
      const names = await phoneNumbers.namesOf(targets);
      const results: SendResult[] = [];
      for (const [index, number] of targets.entries()) {
        if (index > 0) await new Promise((resolve) => setTimeout(resolve, secondMs));
        results.push(await sendOne(engine, sender.clientid, { number, name: names.get(number) ?? '' }, body.message));
      }
      const failed = results.filter((result) => result.status === 'fail').length;
      return {
        msg: failed ? BLASTER_TEXT.partlyFailed(failed, results.length) : BLASTER_TEXT.sentBody,
        results,
      };
    },
  };
}
