/** GET /api/file/{id}: an uploaded file by its signed URL, with its real type and a safe name. */
import { wholeNumber } from '@sewablast/contract/numbers';
import { INPUT_TEXT, ZIdParams } from '@sewablast/contract/paging';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FileService } from './service.ts';

export const fileRoutes: FastifyPluginAsyncZod<{ files: FileService }> = async (app, { files }) => {
  app.get(
    '/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['files'],
        summary: 'An uploaded file, by the signed URL the API handed out',
        params: ZIdParams,
        querystring: z.object({
          expires: wholeNumber(0, Number.MAX_SAFE_INTEGER, INPUT_TEXT.badUrl),
          signature: z.string().max(100),
        }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!files.verify(id, request.query.expires, request.query.signature)) {
        return reply.code(403).send({ msg: SERVER_TEXT.forbidden });
      }
      const file = await files.get(id);
      if (!file) return reply.code(404).send({ msg: SERVER_TEXT.notFound });
      return reply
        .header('content-type', file.mime)
        .header('content-length', file.size)
        .header('content-disposition', `inline; filename="${file.name}"`)
        .header('cache-control', 'private, max-age=3600')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(file.bytes);
    },
  );
};
