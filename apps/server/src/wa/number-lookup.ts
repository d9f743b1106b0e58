/**
 * The answers onWhatsApp gave a session, per number: where to send (its JID), or null when the number has
 * no WhatsApp account. Blasts go through the same lists again and again, and every lookup is a query
 * WhatsApp counts against the account, so an answer holds for hours.
 */
import { BoundedCache } from './bounded-cache.ts';

const ANSWER_TTL_MS = 6 * 60 * 60_000;
/**
 * Per session: a worker holds thousands of sessions, and a blast rarely comes back to one number on the same
 * account within hours (least recently sent first), so a short list keeps the memory small for little loss.
 */
const MAX_NUMBERS_KEPT = 2_000;

export class NumberLookup {
  private readonly answers = new BoundedCache<string | null>(MAX_NUMBERS_KEPT, ANSWER_TTL_MS);

  constructor(private readonly ask: (number: string) => Promise<string | null>) {}

  async jidOf(number: string): Promise<string | null> {
    const known = this.answers.get(number);
    if (known !== undefined) return known;
    const jid = await this.ask(number);
    this.answers.set(number, jid);
    return jid;
  }
}
