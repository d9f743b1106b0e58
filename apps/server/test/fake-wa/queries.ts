/**
 * WhatsApp's answers to a linked session's queries (`iq` get/set): pre-key counts and uploads, key bundles,
 * usync lookups (contact, devices, LID), token issuance, the timelock query, an error (429 `rate-overlimit`,
 * 406, 403) where a test asks for one, and a plain result for everything the fake does not model.
 */
import { type BinaryNode, QueryIds, XWAPaths } from 'baileys';
import type { WaConnection } from './connection.ts';
import type { FakeWhatsApp } from './endpoint.ts';
import { childOf, childrenOf, type LinkedDevice } from './phone.ts';

const result = (node: BinaryNode, content?: BinaryNode[]): BinaryNode => ({
  tag: 'iq',
  attrs: { id: node.attrs.id ?? '', type: 'result', from: 's.whatsapp.net' },
  ...(content ? { content } : {}),
});

/** An error WhatsApp answers a query with, e.g. `{ code: 429, text: 'rate-overlimit' }`. */
export interface QueryError {
  code: number;
  text: string;
}

export const RATE_OVERLIMIT: QueryError = { code: 429, text: 'rate-overlimit' };

const failed = (node: BinaryNode, { code, text }: QueryError): BinaryNode => ({
  tag: 'iq',
  attrs: { id: node.attrs.id ?? '', type: 'error', from: 's.whatsapp.net' },
  content: [{ tag: 'error', attrs: { code: String(code), text } }],
});

export async function answer(endpoint: FakeWhatsApp, connection: WaConnection, node: BinaryNode): Promise<BinaryNode> {
  const error = endpoint.queryError(node);
  if (error) return failed(node, error);
  const xmlns = node.attrs.xmlns;
  if (xmlns === 'encrypt') return encrypt(endpoint, connection, node);
  if (xmlns === 'usync') return usync(endpoint, connection, node);
  if (xmlns === 'w:mex') return mex(endpoint, node);
  if (xmlns === 'privacy') return privacy(endpoint, node);
  return result(node);
}

/**
 * The account issuing its trusted-contact token to contacts (Baileys' `issuePrivacyTokens`): WhatsApp's
 * answer carries each contact's token for the account when `givesTokens`, else none.
 */
function privacy(endpoint: FakeWhatsApp, node: BinaryNode): BinaryNode {
  const asked = childrenOf(childOf(node, 'tokens'), 'token');
  if (!endpoint.givesTokens || asked.length === 0) return result(node);
  const t = String(Math.floor(Date.now() / 1000));
  const tokens = asked.map(
    ({ attrs }): BinaryNode => ({
      tag: 'token',
      attrs: { jid: attrs.jid ?? '', t, type: 'trusted_contact' },
      content: Buffer.from(`token-of-${attrs.jid}`),
    }),
  );
  return result(node, [{ tag: 'tokens', attrs: {}, content: tokens }]);
}

/** WhatsApp's GraphQL queries; the one modelled is the account's reach-out timelock. */
function mex(endpoint: FakeWhatsApp, node: BinaryNode): BinaryNode {
  const query = childOf(node, 'query');
  if (query?.attrs.query_id !== QueryIds.REACHOUT_TIMELOCK) return result(node);
  const ends = endpoint.reachoutTimelock;
  const data = {
    data: {
      [XWAPaths.xwa2_fetch_account_reachout_timelock]: {
        is_active: ends !== null,
        time_enforcement_ends: ends ? String(Math.floor(ends.getTime() / 1000)) : '0',
        enforcement_type: 'DEFAULT',
      },
    },
  };
  return result(node, [{ tag: 'result', attrs: {}, content: Buffer.from(JSON.stringify(data)) }]);
}

async function encrypt(endpoint: FakeWhatsApp, connection: WaConnection, node: BinaryNode): Promise<BinaryNode> {
  const account = connection.account;
  const device = account ? account.phone.linked(account.device) : undefined;
  if (childOf(node, 'count')) {
    return result(node, [{ tag: 'count', attrs: { value: String(device?.preKeys.length ?? 0) } }]);
  }
  if (node.attrs.type === 'set' && childOf(node, 'list')) {
    if (device) uploaded(device, node);
    return result(node);
  }
  if (childOf(node, 'digest')) return result(node, [{ tag: 'digest', attrs: {} }]);
  const fetch = childOf(node, 'key');
  if (fetch) {
    const users: BinaryNode[] = [];
    for (const { attrs } of childrenOf(fetch, 'user')) {
      const peer = attrs.jid ? peerOf(endpoint, attrs.jid) : undefined;
      if (peer && attrs.jid) users.push(await peer.bundle(attrs.jid));
    }
    return result(node, [{ tag: 'list', attrs: {}, content: users }]);
  }
  return result(node);
}

const bytesOf = (node: BinaryNode | undefined) =>
  node?.content instanceof Uint8Array ? node.content : new Uint8Array();
const numberOf = (node: BinaryNode | undefined) => bytesOf(node).reduce((value, byte) => value * 256 + byte, 0);

/** A linked device's keys, as it uploads them: what a contact's phone starts a session from. */
function uploaded(device: LinkedDevice, node: BinaryNode) {
  const skey = childOf(node, 'skey');
  device.keys = {
    registrationId: numberOf(childOf(node, 'registration')),
    identity: bytesOf(childOf(node, 'identity')),
    signedPreKey: {
      keyId: numberOf(childOf(skey, 'id')),
      publicKey: bytesOf(childOf(skey, 'value')),
      signature: bytesOf(childOf(skey, 'signature')),
    },
  };
  for (const key of childrenOf(childOf(node, 'list'), 'key')) {
    device.preKeys.push({ keyId: numberOf(childOf(key, 'id')), publicKey: bytesOf(childOf(key, 'value')) });
  }
}

const userOf = (jid: string) => {
  const [user = '', server = ''] = jid.split('@');
  const [name = '', device = '0'] = user.split(':');
  return { name, device: Number(device), server };
};

/** The device keys behind a device JID: a contact's phone, or the account's own phone (device 0). */
function peerOf(endpoint: FakeWhatsApp, jid: string) {
  const { name, device, server } = userOf(jid);
  if (device !== 0) return undefined;
  const contact = server === 'lid' ? endpoint.contactByLid(name) : endpoint.contacts.get(name);
  if (contact) return contact.device;
  const phone = [...endpoint.phones.values()].find(
    (candidate) => (server === 'lid' ? candidate.lid : candidate.number) === name,
  );
  return phone ? endpoint.phoneDevices.get(phone.number) : undefined;
}

function usync(endpoint: FakeWhatsApp, connection: WaConnection, node: BinaryNode): BinaryNode {
  const sync = childOf(node, 'usync');
  const query = childOf(sync, 'query');
  const protocols = Array.isArray(query?.content) ? query.content.map((protocol) => protocol.tag) : [];
  const users = childrenOf(childOf(sync, 'list'), 'user').map((user): BinaryNode => {
    const phone = childOf(user, 'contact')?.content;
    const jid = user.attrs.jid ?? `${String(phone ?? '').replace('+', '')}@s.whatsapp.net`;
    return {
      tag: 'user',
      attrs: { jid },
      content: protocols.flatMap((protocol) => userResult(endpoint, connection, protocol, jid)),
    };
  });
  return result(node, [
    {
      tag: 'usync',
      attrs: sync?.attrs ?? {},
      content: [
        { tag: 'result', attrs: {} },
        { tag: 'list', attrs: {}, content: users },
      ],
    },
  ]);
}

function userResult(endpoint: FakeWhatsApp, connection: WaConnection, protocol: string, jid: string): BinaryNode[] {
  const { name, server } = userOf(jid);
  const contact = server === 'lid' ? endpoint.contactByLid(name) : endpoint.contacts.get(name);
  const own = connection.account?.phone;
  const isOwn = own !== undefined && (server === 'lid' ? own.lid : own.number) === name;
  if (protocol === 'contact') return [{ tag: 'contact', attrs: { type: contact || isOwn ? 'in' : 'out' } }];
  if (protocol === 'lid') {
    const lid = contact?.lid ?? (isOwn ? own.lid : undefined);
    return server !== 'lid' && lid ? [{ tag: 'lid', attrs: { val: `${lid}@lid` } }] : [];
  }
  if (protocol === 'devices') {
    if (!contact && !isOwn) return [];
    const devices: BinaryNode[] = [{ tag: 'device', attrs: { id: '0' } }];
    for (const linked of isOwn ? own.devices : []) {
      devices.push({ tag: 'device', attrs: { id: String(linked.device), 'key-index': String(linked.keyIndex) } });
    }
    return [{ tag: 'devices', attrs: {}, content: [{ tag: 'device-list', attrs: {}, content: devices }] }];
  }
  return [];
}
