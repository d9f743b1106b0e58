/** /api/admin/proxy: proxies for admins and devs (spec part 2 §7 Proxies). */
import { ZImportSkippedQuery } from '@sewablast/contract/imports';
import { ZIdParams } from '@sewablast/contract/paging';
import {
  PROXY_TEXT,
  ZCountUseResponse,
  ZProxyImportResponse,
  ZProxyListQuery,
  ZProxyListResponse,
  ZProxyPageResponse,
  ZProxyResponse,
  ZProxySkippedResponse,
  ZSaveProxyRequest,
  ZUpdateProxyRequest,
} from '@sewablast/contract/proxy';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../http/access.ts';
import { failuresOf } from '../../http/errors.ts';
import { withUploadedFile } from '../../http/upload.ts';
import type { ProxyService } from './service.ts';

const failures = failuresOf(400, 401, 403, 404, 409);

export const proxyRoutes: FastifyPluginAsyncZod<{ proxies: ProxyService; importMaxMb: number }> = async (
  app,
  { proxies, importMaxMb },
) => {
  const tags = ['proxies'];

  app.get(
    '/list',
    {
      schema: {
        tags,
        summary: 'Every proxy, newest first (at most 10,000)',
        response: { 200: ZProxyListResponse, ...failures },
      },
    },
    async () => ({
      list: await proxies.list(),
    }),
  );

  app.get(
    '/list-per-page',
    {
      schema: {
        tags,
        summary: 'A page of proxies; search matches any part of the value',
        querystring: ZProxyListQuery,
        response: { 200: ZProxyPageResponse, ...failures },
      },
    },
    async (request) => proxies.listPage(request.query),
  );

  app.get('/count-use', { schema: { tags, response: { 200: ZCountUseResponse, ...failures } } }, async () =>
    proxies.countUse(),
  );

  app.get(
    '/:id',
    { schema: { tags, params: ZIdParams, response: { 200: ZProxyResponse, ...failures } } },
    async (request) => ({
      proxy: await proxies.detail(request.params.id),
    }),
  );

  app.post(
    '/save',
    { schema: { tags, body: ZSaveProxyRequest, response: { 200: ZProxyResponse, ...failures } } },
    async (request) => ({
      proxy: await proxies.create(request.body.value),
    }),
  );

  app.post(
    '/import',
    {
      schema: {
        tags,
        summary:
          'Multipart file: CSV (one proxy per line) or JSON (strings or {value}); answers the counts and the first skipped rows',
        consumes: ['multipart/form-data'],
        response: { 200: ZProxyImportResponse, ...failuresOf(413), ...failures },
      },
    },
    async (request) =>
      withUploadedFile(
        request,
        { maxMb: importMaxMb, missing: PROXY_TEXT.fileRequired, badFormat: PROXY_TEXT.badFile },
        (stream) => proxies.importFile(requireActor(request), stream),
      ),
  );

  app.get(
    '/import/:id/skipped',
    {
      schema: {
        tags,
        summary: "A part of the proxies the caller's latest import skipped, in file order; `next` names the next part",
        params: ZIdParams,
        querystring: ZImportSkippedQuery,
        response: { 200: ZProxySkippedResponse, ...failures },
      },
    },
    async (request) => proxies.skippedPart(requireActor(request), request.params.id, request.query.part),
  );

  app.put(
    '/:id',
    { schema: { tags, params: ZIdParams, body: ZUpdateProxyRequest, response: { 200: ZProxyResponse, ...failures } } },
    async (request) => {
      const { value, status } = request.body;
      return { proxy: await proxies.update(request.params.id, { value, status }) };
    },
  );

  app.delete(
    '/:id',
    { schema: { tags, params: ZIdParams, response: { 200: z.object({ msg: z.string() }), ...failures } } },
    async (request) => {
      await proxies.remove(request.params.id);
      return { msg: SERVER_TEXT.deleted };
    },
  );
};
