/**
 * The answers onWhatsApp gave a session, per number: where to send (its JID, and the LID WhatsApp moved
 * the contact to when it says so), or null when the number has no WhatsApp account. Blasts go through the same lists again and again, and every lookup is a query
 * WhatsApp counts against the account, so an answer holds for hours.
 */
import { BoundedCache } from './bounded-cache.ts';

const ANSWER_TTL_MS = 6 * 60 * 60_000;
/**
 * Per session: a worker holds thousands of sessions, and a blast rarely comes back to one number on the same
 * account within hours (least recently sent first), so a short list keeps the memory small for little loss.
 */
const MAX_NUMBERS_KEPT = 2_000;

export interface Contact {
  jid: string;
  lid: string | null;
}

export class NumberLookup {
  private readonly answers = new BoundedCache<Contact | null>(MAX_NUMBERS_KEPT, ANSWER_TTL_MS);

  constructor(private readonly ask: (number: string) => Promise<Contact | null>) {}

  async contactOf(number: string): Promise<Contact | null> {
    const known = this.answers.get(number);
    if (known !== undefined) return known;
    const contact = await this.ask(number);
    this.answers.set(number, contact);
    return contact;
  }
}
