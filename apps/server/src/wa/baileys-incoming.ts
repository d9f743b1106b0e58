/**
 * What of WhatsApp's incoming traffic the driver looks at: only people writing to the account. A blasting
 * account never takes part in groups, broadcasts, status or channels, so Baileys drops their traffic before
 * decrypting it and their sender keys never reach the key store.
 */
import type { WAMessage } from 'baileys';

type BaileysModule = typeof import('baileys');

/** Baileys' `shouldIgnoreJid`: true for every chat that is not one person. */
export function ignoredJid(lib: BaileysModule) {
  return (jid: string) =>
    Boolean(
      lib.isJidGroup(jid) || lib.isJidBroadcast(jid) || lib.isJidStatusBroadcast(jid) || lib.isJidNewsletter(jid),
    );
}

/**
 * The text a message that reached the account carries: typed, or the title of the button it answers, also
 * when it comes wrapped as a disappearing, view-once or edited message (Baileys' normalizeMessageContent).
 */
export function textOf(lib: BaileysModule, message: WAMessage): string | null {
  const content = lib.normalizeMessageContent(message.message);
  if (!content) return null;
  return (
    content.conversation ??
    content.extendedTextMessage?.text ??
    content.buttonsResponseMessage?.selectedDisplayText ??
    content.templateButtonReplyMessage?.selectedDisplayText ??
    content.listResponseMessage?.title ??
    null
  );
}

/** The phone number of a user or sender JID: digits before the device suffix and the server. */
export function digitsOfJid(jid: string): string {
  return jid.split('@')[0]?.split(':')[0]?.replace(/\D/g, '') ?? '';
}

/**
 * A person's message to the account, by the number that wrote it. Baileys 7 addresses a contact moved to a
 * LID by its LID (`…@lid`) and names the phone number as the alternative (`remoteJidAlt`).
 */
export function incomingOf(lib: BaileysModule, message: WAMessage): { from: string; text: string } | null {
  const key = message.key;
  if (!key || key.fromMe) return null;
  const jid = [key.remoteJid, key.remoteJidAlt].find((candidate) => candidate?.endsWith('@s.whatsapp.net'));
  if (!jid) return null;
  const text = textOf(lib, message);
  return text === null ? null : { from: digitsOfJid(jid), text };
}
