/**
 * The handler of GET /api/file/{id} (file-calls.ts, file.ts): an uploaded file by its signed URL, with its real type and a safe name, streamed from
 * the store (a single byte range when asked, as a <video> does to seek). Each client address has a share of
 * downloads: so many at once and so many a minute, then 429 with Retry-After.
 */
import { FILE_SCHEMAS as schemas } from '@sewablast/contract/file';
import * as fileCalls from '@sewablast/contract/file-calls';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bind } from '../../http/bind.ts';
import type { UserLimits } from '../../http/user-limits.ts';
import { AppError, forbidden, notFound, tooMany } from '../../lib/app-error.ts';
import type { ByteRange } from '../../lib/file-store.ts';
import type { FileService } from './service.ts';

/**
 * The one range of a `Range: bytes=…` header, `null` without one (or with several, which are answered whole,
 * as RFC 9110 allows), 'unsatisfiable' for a range outside the file.
 */
export function rangeOf(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [, first = '', last = ''] = match;
  if (first === '') {
    const suffix = Number(last);
    return suffix === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return start >= size || end < start ? 'unsatisfiable' : { start, end };
}

export const fileRoutes: FastifyPluginAsyncZod<{ files: FileService; limits: UserLimits }> = async (
  app,
  { files, limits },
) => {
  bind(app, fileCalls.download, schemas.download, async (request, reply) => {
    const { id } = request.params;
    if (!files.verify(id, request.query.expires, request.query.signature)) throw forbidden(SERVER_TEXT.forbidden);
    const file = await files.info(id);
    if (!file) throw notFound(SERVER_TEXT.notFound);
    const refused = await limits.enter(request.ip, reply);
    if (refused) throw tooMany(refused.msg, refused.retryAfterSeconds);
    const range = rangeOf(request.headers.range, file.size);
    if (range === 'unsatisfiable') {
      throw new AppError('out_of_range', SERVER_TEXT.rangeOutsideFile, undefined, {
        headers: { 'content-range': `bytes */${file.size}` },
      });
    }
    reply
      .header('content-type', file.mime)
      .header('content-disposition', `inline; filename="${file.name}"`)
      .header('cache-control', 'private, max-age=3600')
      .header('accept-ranges', 'bytes')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    if (range) {
      reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
        .header('content-length', range.end - range.start + 1);
    } else {
      reply.header('content-length', file.size);
    }
    return reply.send(files.open(id, range ?? undefined));
  });
};
