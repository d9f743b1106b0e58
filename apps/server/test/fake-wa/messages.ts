/**
 * The messages a linked session relays, as WhatsApp's server sees them: each one kept with its id and the
 * devices it was encrypted for, and acknowledged, or not (a lost ack, or the connection dropped instead), or
 * refused with an error (463).
 * Receipts and retry requests go back to the session from here.
 */
import { type BinaryNode, encodeBigEndian } from 'baileys';
import type { WaConnection } from './connection.ts';
import type { Contact } from './endpoint.ts';
import { childOf, childrenOf } from './phone.ts';

export interface Relayed {
  id: string;
  to: string;
  /** The device JIDs it was encrypted for, with the kind of each encryption (pkmsg, msg). */
  devices: { jid: string; type: string }[];
  node: BinaryNode;
  connection: WaConnection;
}

/** What the server does with the next relayed message: ack it, lose the ack, drop the connection, or refuse it with a code. */
export type AckPlan = 'ack' | 'drop' | 'close' | { error: string };

export class MessageDesk {
  readonly relayed: Relayed[] = [];
  /** Plans for the next messages, in order; a message without one is acked unless `refuse` names an error. */
  readonly plans: AckPlan[] = [];
  /** The error a message without a plan is refused with (e.g. 463 to a phone number), or null: acked. */
  refuse: (node: BinaryNode) => string | null = () => null;
  private waiting: (() => void)[] = [];

  onMessage(connection: WaConnection, node: BinaryNode) {
    const id = node.attrs.id ?? '';
    const to = node.attrs.to ?? '';
    const devices = childrenOf(childOf(node, 'participants'), 'to').map((target) => ({
      jid: target.attrs.jid ?? '',
      type: childOf(target, 'enc')?.attrs.type ?? '',
    }));
    this.relayed.push({ id, to, devices, node, connection });
    for (const wake of this.waiting.splice(0)) wake();
    const refusal = this.plans.length === 0 ? this.refuse(node) : null;
    const plan = this.plans.shift() ?? (refusal ? { error: refusal } : 'ack');
    if (plan === 'drop') return;
    if (plan === 'close') {
      connection.terminate();
      return;
    }
    connection.send({
      tag: 'ack',
      attrs: {
        class: 'message',
        id,
        from: to,
        t: String(Math.floor(Date.now() / 1000)),
        ...(typeof plan === 'object' ? { error: plan.error } : {}),
      },
    });
  }

  /** Resolves once `count` messages have been relayed in all. */
  async until(count: number) {
    while (this.relayed.length < count) await new Promise<void>((resolve) => this.waiting.push(resolve));
    return this.relayed;
  }

  /**
   * What the contact's phone reads of a relayed message: its part for the contact's device (by phone
   * number or LID), decrypted with the contact's keys; `from` is the sending device.
   */
  async read(relayed: Relayed, contact: Contact, from: string) {
    const targets = childrenOf(childOf(relayed.node, 'participants'), 'to');
    const mine = targets.find(
      ({ attrs: { jid } }) => jid === `${contact.number}@s.whatsapp.net` || jid === `${contact.lid}@lid`,
    );
    const enc = childOf(mine, 'enc');
    if (!(enc?.content instanceof Uint8Array))
      throw new Error(`message ${relayed.id} has no part for ${contact.number}`);
    const type = enc.attrs.type === 'pkmsg' ? 'pkmsg' : 'msg';
    return contact.device.decrypt(from, type, enc.content);
  }

  /** The recipient's phone could not decrypt message `id`: it asks for it again, naming its registration id. */
  retryReceipt(connection: WaConnection, id: string, from: string, registrationId: number, count = 1) {
    const t = String(Math.floor(Date.now() / 1000));
    connection.send({
      tag: 'receipt',
      attrs: { id, from, type: 'retry', t },
      content: [
        { tag: 'retry', attrs: { count: String(count), id, t, v: '1' } },
        { tag: 'registration', attrs: {}, content: encodeBigEndian(registrationId) },
      ],
    });
  }

  /** A receipt from the recipient's device for messages it got: delivered (no type) or read. */
  receipt(relayed: Relayed, type?: 'read') {
    receipt(relayed.connection, [relayed.id], relayed.to, { ...(type ? { type } : {}) });
  }
}

/**
 * A receipt for messages `ids` (the first in its attributes, the others listed) from `from`: delivered (no
 * type), `read` or `played`; from a group's `participant`; or with a `recipient`, one of the account's own
 * devices telling of a message someone sent it.
 */
export function receipt(
  connection: WaConnection,
  [id = '', ...more]: string[],
  from: string,
  attrs: { type?: 'read' | 'played'; participant?: string; recipient?: string } = {},
) {
  const list: BinaryNode[] = more.length
    ? [{ tag: 'list', attrs: {}, content: more.map((other) => ({ tag: 'item', attrs: { id: other } })) }]
    : [];
  connection.send({
    tag: 'receipt',
    attrs: { id, from, t: String(Math.floor(Date.now() / 1000)), ...attrs },
    ...(list.length ? { content: list } : {}),
  });
}
