/**
 * Incoming messages (DESIGN §5.10): every account keeps the latest one it received, and a number that
 * says STOP, or answers a template's stop button, is made `nonactive` so that no blast reaches it again. The
 * message it answers counts a reply, or a STOP, for its template variant (variants.ts).
 */
import { senderNumber } from '@sewablast/contract/phonenumber';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { messageTemplates, phoneNumbers, whatsappAccounts } from '../../db/schema.ts';
import { countReply } from '../blast/variants.ts';

const STOP_WORD = 'STOP';

function normalise(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** STOP, or what a stop button sends: its keyword (its `url`) or, from an interactive reply, its title. */
async function stopWords(db: Db): Promise<Set<string>> {
  const words = new Set([STOP_WORD]);
  const templates = await db.select({ buttons: messageTemplates.buttons }).from(messageTemplates);
  for (const { buttons } of templates) {
    for (const button of buttons) {
      if (button.type !== 'stop_button') continue;
      if (button.url.trim()) words.add(normalise(button.url));
      if (button.title.trim()) words.add(normalise(button.title));
    }
  }
  return words;
}

export function createReplyHandler(db: Db) {
  return async (account: { id: number }, from: string, text: string): Promise<void> => {
    const number = senderNumber(from);
    await db
      .update(whatsappAccounts)
      .set({ last_message: { from: number, text, at: new Date().toISOString() } })
      .where(eq(whatsappAccounts.id, account.id));
    if (!number) return;
    const stop = (await stopWords(db)).has(normalise(text));
    await countReply(db, account.id, number, stop);
    if (!stop) return;
    await db.update(phoneNumbers).set({ status: 'nonactive' }).where(eq(phoneNumbers.number, number));
  };
}
