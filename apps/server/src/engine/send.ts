/**
 * Every message the service sends, from a blast or from the Blaster page: a template filled in for its
 * recipient and sent under the retry rule (retry.ts), its outcome told in the four ways that matter to
 * whoever records it.
 */
import type { OutgoingMessage } from '../wa/driver.ts';
import { type RetryPace, withRetries } from './retry.ts';

export interface Recipient {
  number: string;
  name: string;
}

/** A message before it is filled in for its recipient: `text` may hold {name} and {phoneNumber}. */
export type Template = OutgoingMessage;

/**
 * `fail` and `banned` carry the error as the message log keeps it (`code: message`); a ban also ends the
 * account's sending. `stopped`: halted before anything went out, so nothing was sent and nothing counts.
 */
export type SendOutcome = { status: 'success' } | { status: 'fail' | 'banned'; error: string } | { status: 'stopped' };

export function fillTemplate(text: string, to: Recipient): string {
  return text.replaceAll('{name}', to.name).replaceAll('{phoneNumber}', to.number);
}

export async function sendTemplate(pace: RetryPace, to: Recipient, template: Template): Promise<SendOutcome> {
  const message = { ...template, text: fillTemplate(template.text, to) };
  const outcome = await withRetries(pace, (session) => session.sendMessage(to.number, message));
  return outcome.status === 'success' ? { status: 'success' } : outcome;
}
