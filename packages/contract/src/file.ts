/** An uploaded file's signed URL (DESIGN §6): what the server checks of file-calls.ts. */
import { z } from 'zod';
import { schemasOf } from './call-schemas.ts';
import type * as calls from './file-calls.ts';
import { wholeNumber } from './numbers.ts';
import { INPUT_TEXT, ZIdParams } from './paging.ts';

/** The signature's expiry and the signature itself; a URL altered in either is refused alike. */
export const ZFileQuery = z.object({
  expires: wholeNumber(0, Number.MAX_SAFE_INTEGER, INPUT_TEXT.badUrl),
  signature: z.string({ error: INPUT_TEXT.badUrl }).max(100, { error: INPUT_TEXT.badUrl }),
});

/** The file streamed as its own type: the document names the answer, and nothing serializes it. */
const fileAnswer = (description: string) => ({ description, content: { '*/*': { schema: z.unknown() } } });

export const FILE_SCHEMAS = schemasOf<typeof calls>()(['files'], {
  download: {
    summary: 'An uploaded file, by the signed URL the API handed out (a single Range is honoured)',
    params: ZIdParams,
    querystring: ZFileQuery,
    response: { 200: fileAnswer('The whole file'), 206: fileAnswer('The asked byte range') },
  },
});
