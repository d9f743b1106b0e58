/**
 * Message retry (issue 13, item 1). A recipient whose phone cannot decrypt a message asks for it again,
 * and Baileys sends it again only if its `getMessage` answers the message's content; every blast message
 * is a cold first message, where this happens most. So each message a session sends is kept (encoded
 * proto.Message bytes by message id) in the engine's store, or in a short in-memory list without one.
 */
import type { proto, UserFacingSocketConfig } from 'baileys';
import type { pino } from 'pino';
import type { SentMessageStore } from './driver.ts';

type BaileysModule = typeof import('baileys');

/**
 * The socket option that makes retries work: the sent message by its key. Its retry counter outlives one
 * socket with the session's other caches (baileys-caches.ts), so a reconnect does not reset it.
 */
export function retryOptions(lib: BaileysModule, store: SentMessageStore): Pick<UserFacingSocketConfig, 'getMessage'> {
  return {
    getMessage: async (key) => {
      const content = key.id ? await store.get(key.id) : undefined;
      return content ? lib.proto.Message.decode(content) : undefined;
    },
  };
}

/**
 * Keeps a message WhatsApp acknowledged. A failure here is logged, never thrown: the message is sent and
 * paid, and failing the send would have the engine send it again.
 */
export async function rememberSent(
  lib: BaileysModule,
  store: SentMessageStore,
  logger: ReturnType<typeof pino>,
  id: string,
  message: proto.IMessage | null | undefined,
) {
  if (!message) return;
  await store
    .put(id, lib.proto.Message.encode(message).finish())
    .catch((error: unknown) => logger.warn({ id, error }, 'could not keep a sent message for retries'));
}
