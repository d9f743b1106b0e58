/**
 * Run by libsignal-console.test.ts in a child, whose stdout and stderr are the real ones: rebuilds a
 * contact's signal session through Baileys 7's repository (a second prekey bundle closes the open session,
 * which libsignal announces with the whole record). With `guarded`, the driver's console guard is on.
 */
import * as lib from 'baileys';
import { pino } from 'pino';
import { SessionCaches } from '../src/wa/baileys-caches.ts';
import { memoryKeyStore, signalKeyStore } from '../src/wa/baileys-keys.ts';
import { keepLibsignalOffConsole } from '../src/wa/libsignal-console.ts';

const logger: ReturnType<typeof pino> = pino({ level: 'silent' });
if (process.argv.includes('guarded')) keepLibsignalOffConsole(logger);

const keys = lib.addTransactionCapability(
  signalKeyStore(lib, memoryKeyStore(), logger, new SessionCaches().signalKeys),
  logger,
  { maxCommitRetries: 1, delayBetweenTriesMs: 1 },
);
const repository = lib.DEFAULT_CONNECTION_CONFIG.makeSignalRepository({ creds: lib.initAuthCreds(), keys }, logger);

const identity = lib.Curve.generateKeyPair();
const signed = lib.signedKeyPair(identity, 1);
const bundle = () => ({
  registrationId: 1,
  identityKey: Buffer.from(lib.generateSignalPubKey(identity.public)),
  signedPreKey: {
    keyId: signed.keyId,
    publicKey: Buffer.from(lib.generateSignalPubKey(signed.keyPair.public)),
    signature: signed.signature,
  },
  preKey: { keyId: 1, publicKey: Buffer.from(lib.generateSignalPubKey(lib.Curve.generateKeyPair().public)) },
});
const jid = '6281234567890@s.whatsapp.net';
await repository.injectE2ESession({ jid, session: bundle() });
await repository.injectE2ESession({ jid, session: bundle() });
console.log('rebuilt');
