/**
 * A file upload that tells how much of it has been sent: fetch cannot (a streamed request body needs HTTP/2
 * and Chromium only), XMLHttpRequest's upload progress can. Otherwise it is `call`'s: the bearer token,
 * the server's `msg` and `errors` on a refusal, a 401 ending the session.
 */
import type { Call, InputOf, Io } from '@sewablast/contract/call';
import { TEXT } from '@sewablast/contract/texts';
import { ApiError, failureOf, urlOf } from './api.ts';
import { getToken } from './session.ts';

export interface UploadOptions {
  fallback?: string;
  headers?: Record<string, string>;
  /** Bytes sent so far of `total`, as the browser sends them. */
  onProgress?: (sent: number, total: number) => void;
}

/** What a multipart call takes beside its `Form` body: its parameters, headers and who hears the progress. */
export type UploadInput<T extends Io> = Omit<InputOf<T>, 'body'> & Omit<UploadOptions, 'fallback'>;

/** A multipart call that tells the bytes sent as they go: `upload(phonenumber.importFile, form, { onProgress })`. */
export function upload<T extends Io>(op: Call<T>, form: FormData, input: UploadInput<T>): Promise<T['answer']> {
  return sendForm<T['answer']>(op.method, urlOf(op, input as { params?: object }), form, {
    ...input,
    fallback: op.fallback,
  });
}

function sendForm<T>(method: string, url: string, form: FormData, options: UploadOptions): Promise<T> {
  const token = getToken();
  if (!token) return Promise.reject(new ApiError(0, TEXT.tokenMissing));
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    request.setRequestHeader('authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(options.headers ?? {})) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
    };
    request.onload = () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(request.responseText) as Record<string, unknown>;
      } catch {
        // Not JSON (a proxy's error page): the status and the fallback say what happened.
      }
      if (request.status >= 200 && request.status < 300) resolve(body as T);
      else reject(failureOf(request.status, body, options));
    };
    // A connection lost mid-upload is a network error the user can retry, as `call` says of a failed save.
    request.onerror = () => reject(new ApiError(0, TEXT.networkError));
    request.send(form);
  });
}

/** A random id for a request to name itself by (an import's live progress): 16 bytes in hex. */
export function randomId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
