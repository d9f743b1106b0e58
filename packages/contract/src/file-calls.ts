/**
 * /api/file (DESIGN §6), one line per call (call.ts): an uploaded file by the signed URL the API hands out,
 * public since an `<img>` cannot send a bearer token. It refuses with 403 for a bad signature, 404, 416 for
 * a range outside the file and 429 past the client address's share. Schemas: file.ts. Types only from zod.
 */
import type { z } from 'zod';
import type { Call, Streamed } from './call.ts';
import type { ZFileQuery } from './file.ts';
import type { ZIdParams } from './paging.ts';

export const area = '/api/file';

export const download: Call<{
  params: z.input<typeof ZIdParams>;
  query: z.input<typeof ZFileQuery>;
  answer: Streamed;
}> = {
  method: 'GET',
  path: `${area}/:id`,
  access: 'public',
  errors: [403, 404, 416, 429],
};
