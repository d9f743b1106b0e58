/**
 * Every message the service sends, from a blast or from the Blaster page: a template filled in for its
 * recipient and sent under the retry rule (retry.ts), its outcome told in the four ways that matter to
 * whoever records it.
 */
import { newMessageId, type OutgoingMessage } from '../../wa/driver.ts';
import { type RetryPace, withRetries } from '../retry.ts';

export interface Recipient {
  number: string;
  name: string;
}

/** A message before it is filled in for its recipient: `text` may hold {name} and {phoneNumber}. */
export type Template = OutgoingMessage;

/**
 * `success` carries the id WhatsApp gave the message, which its receipts name.
 * `fail`, `restricted` and `banned` carry the error as the message log keeps it (`code: message`), and each
 * counts as a failed send; a restriction (WhatsApp's 463, or a 429 rate-overlimit) also makes the account
 * wait (blast-loop.ts), a ban ends it. `stopped`: halted before anything went out, so nothing was sent and nothing counts.
 */
export type SendOutcome =
  | { status: 'success'; id: string }
  | { status: 'fail' | 'banned'; error: string }
  | { status: 'restricted'; error: string; code: string; until: Date | null }
  | { status: 'stopped' };

export function fillTemplate(text: string, to: Recipient): string {
  return text.replaceAll('{name}', to.name).replaceAll('{phoneNumber}', to.number);
}

export async function sendTemplate(pace: RetryPace, to: Recipient, template: Template): Promise<SendOutcome> {
  const message = { ...template, text: fillTemplate(template.text, to) };
  // One id for every try: a try that reached WhatsApp but lost its ack is taken as the same message again.
  const id = newMessageId();
  const outcome = await withRetries(pace, (session) => session.sendMessage(to.number, message, id), {
    coolOn429: true,
  });
  return outcome.status === 'success' ? { status: 'success', id: outcome.value.id } : outcome;
}
