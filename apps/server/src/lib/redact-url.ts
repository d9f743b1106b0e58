/** Request URLs as they go to the log: the live channel carries the token in its query string (DESIGN §7). */
export function redactUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}
