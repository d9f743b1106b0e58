/**
 * When a failed read is tried again: once, for what may pass the second time (the network, a 5xx). A
 * refusal (4xx) would be refused again, and retrying it only kept the screen on the previous rows (often
 * 'Kosong') instead of the server's reason.
 */
import { ApiError } from './api.ts';

export const retryRead = (failures: number, error: Error) =>
  failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);
