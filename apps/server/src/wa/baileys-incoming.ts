/**
 * What of WhatsApp's incoming traffic the driver looks at: only people writing to the account. A blasting
 * account never takes part in groups, broadcasts, status or channels, so Baileys drops their traffic before
 * decrypting it and their sender keys never reach the key store.
 */
import type { BaileysEventMap, WAMessage } from 'baileys';
import type { pino } from 'pino';
import type { SessionEvent } from './driver.ts';

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
 * LID by its LID (`…@lid`) and names the phone number as the alternative (`remoteJidAlt`) when the message
 * carried it; else the number is the one the account's LID map knows (`phoneOf`). A LID no one can match to a
 * number is dropped: its STOP could opt no number out.
 */
export async function incomingOf(
  lib: BaileysModule,
  message: WAMessage,
  phoneOf: (lid: string) => Promise<string | null>,
): Promise<{ from: string; text: string } | null> {
  const key = message.key;
  if (!key || key.fromMe) return null;
  const text = textOf(lib, message);
  if (text === null) return null;
  const isPhone = (jid: string | null | undefined): jid is string => Boolean(jid?.endsWith('@s.whatsapp.net'));
  let jid = [key.remoteJid, key.remoteJidAlt].find(isPhone);
  if (!jid && key.remoteJid?.endsWith('@lid')) jid = (await phoneOf(key.remoteJid)) ?? undefined;
  return isPhone(jid) ? { from: digitsOfJid(jid), text } : null;
}

/** Passes people's messages on as the session's `message` events, one after another in the order they came. */
export class IncomingRelay {
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly lib: BaileysModule,
    private readonly logger: ReturnType<typeof pino>,
    private readonly emit: (event: SessionEvent) => void,
  ) {}

  /** `phoneOf`: the account's LID map; a LID sender's number takes a look-up, which the queue waits for. */
  onUpsert(upsert: BaileysEventMap['messages.upsert'], phoneOf: (lid: string) => Promise<string | null>) {
    // Both kinds: a message written while the session was down (a reconnect, a failover, a deploy) comes at
    // the next login marked offline, which Baileys passes on as `append`, not `notify`; a STOP among them
    // must still opt its number out. History is never synced here, so no old conversation comes this way.
    const known = async (lid: string) => {
      const phone = await phoneOf(lid).catch(() => null);
      // Said, since its STOP opts no number out; the text stays out of the log.
      if (!phone) this.logger.error({ lid }, 'message from a LID with no known phone number dropped');
      return phone;
    };
    this.queue = this.queue
      .then(async () => {
        for (const message of upsert.messages) {
          const incoming = await incomingOf(this.lib, message, known);
          if (incoming) this.emit({ type: 'message', ...incoming });
        }
      })
      .catch((error: unknown) => this.logger.error({ err: error }, 'incoming message not passed on'));
  }
}
