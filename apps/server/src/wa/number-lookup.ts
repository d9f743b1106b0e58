/**
 * The answers onWhatsApp gave a session, per number: the JID to send to, or null when the number has no
 * WhatsApp account. Blasts go through the same lists again and again, and every lookup is a query
 * WhatsApp counts against the account, so an answer holds for hours.
 */
const ANSWER_TTL_MS = 6 * 60 * 60_000;
/**
 * Per session: a worker holds thousands of sessions, and a blast rarely comes back to one number on the same
 * account within hours (least recently sent first), so a short list keeps the memory small for little loss.
 */
const MAX_NUMBERS_KEPT = 2_000;

export class NumberLookup {
  private readonly answers = new Map<string, { jid: string | null; until: number }>();

  constructor(private readonly ask: (number: string) => Promise<string | null>) {}

  async jidOf(number: string): Promise<string | null> {
    const known = this.answers.get(number);
    if (known && known.until > Date.now()) return known.jid;
    const jid = await this.ask(number);
    // Re-inserted at the end, so that the first entry is always the oldest one to drop.
    this.answers.delete(number);
    if (this.answers.size >= MAX_NUMBERS_KEPT) {
      const oldest = this.answers.keys().next().value;
      if (oldest !== undefined) this.answers.delete(oldest);
    }
    this.answers.set(number, { jid, until: Date.now() + ANSWER_TTL_MS });
    return jid;
  }
}
