/**
 * The root the fake endpoint's certificates chain to. Baileys trusts WhatsApp's own root only
 * (`WA_CERT_DETAILS`); a test process points that object at this key for as long as it talks to the fake
 * endpoint, and puts WhatsApp's back after. Production code has no switch for this.
 */
import { Curve, WA_CERT_DETAILS } from 'baileys';

export const TEST_ROOT = Curve.generateKeyPair();
/** Not WhatsApp's serial (0): a chain of the real root would fail here, and this one against the real root. */
export const TEST_ROOT_SERIAL = 7;

/** Makes Baileys in this process accept the fake endpoint's certificates; the answer undoes it. */
export function trustTestRoot() {
  const real = { ...WA_CERT_DETAILS };
  Object.assign(WA_CERT_DETAILS, { PUBLIC_KEY: Buffer.from(TEST_ROOT.public), SERIAL: TEST_ROOT_SERIAL });
  return () => {
    Object.assign(WA_CERT_DETAILS, real);
  };
}
