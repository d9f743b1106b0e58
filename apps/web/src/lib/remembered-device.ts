/**
 * "Ingat perangkat ini 30 hari": the token the server signs for this browser, kept per email so that one
 * browser shared by two people remembers each apart. It is sent with the password; the server alone decides
 * whether it still holds (30 days at most, void after a password change or a reset).
 */
const KEY = 'sewablast.devices';

function all(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function rememberedDevice(email: string): string | undefined {
  return all()[email.trim().toLowerCase()];
}

export function rememberDevice(email: string, token: string): void {
  localStorage.setItem(KEY, JSON.stringify({ ...all(), [email.trim().toLowerCase()]: token }));
}
