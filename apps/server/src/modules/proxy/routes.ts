/**
 * The handlers of /api/admin/proxy: the calls, who may make them and their schemas are in the contract
 * (proxy-calls.ts, proxy.ts PROXY_SCHEMAS).
 */
import { PROXY_TEXT, PROXY_SCHEMAS as schemas } from '@sewablast/contract/proxy';
import * as proxy from '@sewablast/contract/proxy-calls';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { bind } from '../../http/bind.ts';
import { withUploadedFile } from '../../http/upload.ts';
import type { ProxyService } from './service.ts';

export const proxyRoutes: FastifyPluginAsyncZod<{ proxies: ProxyService; importMaxMb: number }> = async (
  app,
  { proxies, importMaxMb },
) => {
  bind(app, proxy.list, schemas.list, async () => ({ list: await proxies.list() }));
  bind(app, proxy.page, schemas.page, async (request) => proxies.listPage(request.query));
  bind(app, proxy.countUse, schemas.countUse, async () => proxies.countUse());
  bind(app, proxy.one, schemas.one, async (request) => ({ proxy: await proxies.detail(request.params.id) }));
  bind(app, proxy.save, schemas.save, async (request) => ({ proxy: await proxies.create(request.body.value) }));
  bind(app, proxy.importFile, schemas.importFile, async (request) =>
    withUploadedFile(
      request,
      { maxMb: importMaxMb, missing: PROXY_TEXT.fileRequired, badFormat: PROXY_TEXT.badFile },
      (stream) => proxies.importFile(requireActor(request), stream),
    ),
  );
  bind(app, proxy.skipped, schemas.skipped, async (request) =>
    proxies.skippedPart(requireActor(request), request.params.id, request.query.part),
  );
  bind(app, proxy.update, schemas.update, async (request) => {
    const { value, status } = request.body;
    return { proxy: await proxies.update(request.params.id, { value, status }) };
  });
  bind(app, proxy.remove, schemas.remove, async (request) => {
    await proxies.remove(request.params.id);
    return { msg: SERVER_TEXT.deleted };
  });
};
