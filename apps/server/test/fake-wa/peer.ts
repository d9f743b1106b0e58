/** A WhatsApp user's device as the server knows it: the Signal keys it published, handed out as a bundle. */

import { randomInt } from 'node:crypto';
import { type BinaryNode, Curve, encodeBigEndian, KEY_BUNDLE_TYPE, signedKeyPair } from 'baileys';

export class Peer {
  readonly identity = Curve.generateKeyPair();
  readonly registrationId = randomInt(1, 16_380);
  readonly signedPreKey = signedKeyPair(this.identity, 1);
  private nextPreKeyId = 1;

  /** The `user` entry of an `encrypt` key-fetch answer: identity, signed pre-key and a one-time pre-key. */
  bundle(jid: string): BinaryNode {
    const preKey = Curve.generateKeyPair();
    const preKeyId = this.nextPreKeyId++;
    return {
      tag: 'user',
      attrs: { jid },
      content: [
        { tag: 'registration', attrs: {}, content: encodeBigEndian(this.registrationId) },
        { tag: 'type', attrs: {}, content: KEY_BUNDLE_TYPE },
        { tag: 'identity', attrs: {}, content: this.identity.public },
        { tag: 'skey', attrs: {}, content: this.signed() },
        {
          tag: 'key',
          attrs: {},
          content: [
            { tag: 'id', attrs: {}, content: encodeBigEndian(preKeyId, 3) },
            { tag: 'value', attrs: {}, content: preKey.public },
          ],
        },
      ],
    };
  }

  private signed(): BinaryNode[] {
    const { keyId, keyPair, signature } = this.signedPreKey;
    return [
      { tag: 'id', attrs: {}, content: encodeBigEndian(keyId, 3) },
      { tag: 'value', attrs: {}, content: keyPair.public },
      { tag: 'signature', attrs: {}, content: signature },
    ];
  }
}
