/** A fresh client id for a device being linked: 'wa-' and 14 random base-36 characters. */
export function newDeviceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(9));
  return `wa-${Array.from(bytes, (byte) => byte.toString(36).padStart(2, '0'))
    .join('')
    .slice(0, 14)}`;
}
