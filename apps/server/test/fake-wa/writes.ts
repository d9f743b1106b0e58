/**
 * What reaches the linked account from people, as WhatsApp delivers it: a contact's message addressed by its
 * LID (its phone number riding along as `sender_pn`), the account's own phone writing to someone (which the
 * companion reads as its own), and a group's message; each encrypted for the linked device.
 */
import type { BinaryNode, proto } from 'baileys';
import type { Contact, FakeWhatsApp } from './endpoint.ts';
import type { Peer } from './peer.ts';

export interface WriteOptions {
  id?: string;
  /** Whether the phone number rides along beside the LID (`sender_pn`). */
  senderPn?: boolean;
  /** Held for the device while it was offline: Baileys passes it on as an `append`, not a `notify`. */
  offline?: boolean;
  /** The writer's WhatsApp name (`notify`). */
  pushName?: string;
}

const asMessage = (message: string | proto.IMessage): proto.IMessage =>
  typeof message === 'string' ? { conversation: message } : message;

/** The linked device online with its keys uploaded, its JID and a one-time pre-key of its bundle. */
function linkedDevice(endpoint: FakeWhatsApp) {
  const [phone] = [...endpoint.phones.values()];
  const linked = phone?.devices[0];
  const connection = endpoint.connections.findLast((candidate) => !candidate.closed && candidate.account);
  if (!phone || !linked?.keys || !connection) throw new Error('no linked device online with its keys uploaded');
  return { phone, connection, bundle: { ...linked.keys, preKey: linked.preKeys.shift() } };
}

async function encrypted(endpoint: FakeWhatsApp, from: Peer, message: proto.IMessage) {
  const { connection, bundle } = linkedDevice(endpoint);
  const { type, ciphertext } = await from.encrypt(endpoint.linkedJid(), bundle, message);
  return { connection, enc: { tag: 'enc', attrs: { v: '2', type }, content: ciphertext } satisfies BinaryNode };
}

const now = () => String(Math.floor(Date.now() / 1000));

export async function write(
  endpoint: FakeWhatsApp,
  contact: Contact,
  message: string | proto.IMessage,
  { id = 'W1', senderPn = true, offline = false, pushName }: WriteOptions,
) {
  const { connection, enc } = await encrypted(endpoint, contact.device, asMessage(message));
  connection.send({
    tag: 'message',
    attrs: {
      id,
      from: `${contact.lid}@lid`,
      type: 'text',
      t: now(),
      addressing_mode: 'lid',
      ...(senderPn ? { sender_pn: `${contact.number}@s.whatsapp.net` } : {}),
      ...(offline ? { offline: '1' } : {}),
      ...(pushName ? { notify: pushName } : {}),
    },
    content: [enc],
  });
  return id;
}

/** The account's own phone writes to `to`: the linked device gets a copy, from the account's own JID. */
export async function writeFromPhone(
  endpoint: FakeWhatsApp,
  to: Contact,
  message: string,
  id: string,
  pushName: string,
) {
  const { phone } = linkedDevice(endpoint);
  const device = endpoint.phoneDevices.get(phone.number);
  if (!device) throw new Error('the phone has no keys');
  const { connection, enc } = await encrypted(endpoint, device, asMessage(message));
  connection.send({
    tag: 'message',
    attrs: { id, from: phone.jid, recipient: `${to.number}@s.whatsapp.net`, type: 'text', t: now(), notify: pushName },
    content: [enc],
  });
}

/**
 * A message from `chat` (a group, a broadcast, status or a channel) that no key of the account's opens: read
 * only by a client that tries to decrypt it, which then asks for it again with a retry receipt.
 */
export function writeUnreadable(endpoint: FakeWhatsApp, chat: string, author: Contact, id: string) {
  const { connection } = linkedDevice(endpoint);
  const person = chat.endsWith('@s.whatsapp.net') || chat.endsWith('@lid');
  connection.send({
    tag: 'message',
    attrs: {
      id,
      from: chat,
      ...(person ? {} : { participant: `${author.number}@s.whatsapp.net` }),
      type: 'text',
      t: now(),
    },
    content: [{ tag: 'enc', attrs: { v: '2', type: person ? 'msg' : 'skmsg' }, content: Buffer.alloc(64, 7) }],
  });
}
