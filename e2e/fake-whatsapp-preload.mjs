/**
 * Loaded by a browser test into the built server it starts, and by nothing else (`--import` in the child's
 * NODE_OPTIONS, baileys.e2e.ts): points Baileys in that process at the test's fake WhatsApp endpoint
 * (apps/server/test/fake-wa) and the root its certificates chain to, as the driver's own tests do in theirs
 * (fake-wa/trust.ts, the socket's `waWebSocketUrl`). The server's code reads no setting for either, so a
 * production process talks to web.whatsapp.com and trusts WhatsApp's root whatever its environment says
 * (docs/security.md).
 */
import { DEFAULT_CONNECTION_CONFIG, WA_CERT_DETAILS } from 'baileys';

const { FAKE_WA_URL, FAKE_WA_ROOT, FAKE_WA_ROOT_SERIAL } = process.env;
if (!FAKE_WA_URL || !FAKE_WA_ROOT || !FAKE_WA_ROOT_SERIAL) {
  throw new Error('fake-whatsapp-preload: FAKE_WA_URL, FAKE_WA_ROOT and FAKE_WA_ROOT_SERIAL are required');
}
DEFAULT_CONNECTION_CONFIG.waWebSocketUrl = FAKE_WA_URL;
Object.assign(WA_CERT_DETAILS, {
  PUBLIC_KEY: Buffer.from(FAKE_WA_ROOT, 'base64'),
  SERIAL: Number(FAKE_WA_ROOT_SERIAL),
});
