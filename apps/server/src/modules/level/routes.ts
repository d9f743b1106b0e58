/** /api/admin/level: levels for admins and devs; failures carry `error` as the level screens read it. */
import { ZLevel, ZLevelRequest, ZLevelResponse } from '@sewablast/contract/level';
import { pageOf, ZIdParams, ZPageQuery } from '@sewablast/contract/paging';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../http/access.ts';
import { failuresOf } from '../../http/errors.ts';
import type { LevelService } from './service.ts';

const failures = failuresOf(400, 401, 403, 404);
/** Create and update also answer 409 when the name is another level's, in any case. */
const writeFailures = failuresOf(400, 401, 403, 404, 409);

export const levelRoutes: FastifyPluginAsyncZod<{ levels: LevelService }> = async (app, { levels }) => {
  const config = { errorField: true };

  app.get(
    '/list-per-page',
    {
      config,
      schema: {
        tags: ['levels'],
        summary: 'Levels by rank',
        querystring: ZPageQuery,
        response: { 200: pageOf(ZLevel), ...failures },
      },
    },
    async (request) => levels.listPage(request.query),
  );

  app.get(
    '/:id',
    { config, schema: { tags: ['levels'], params: ZIdParams, response: { 200: ZLevelResponse, ...failures } } },
    async (request) => ({ level: await levels.detail(request.params.id) }),
  );

  app.post(
    '/create',
    { config, schema: { tags: ['levels'], body: ZLevelRequest, response: { 200: ZLevelResponse, ...writeFailures } } },
    async (request) => ({ level: await levels.create(request.body, requireActor(request).id) }),
  );

  app.put(
    '/:id',
    {
      config,
      schema: {
        tags: ['levels'],
        params: ZIdParams,
        body: ZLevelRequest,
        response: { 200: ZLevelResponse, ...writeFailures },
      },
    },
    async (request) => ({ level: await levels.update(request.params.id, request.body, requireActor(request).id) }),
  );

  app.delete(
    '/:id',
    {
      config,
      schema: { tags: ['levels'], params: ZIdParams, response: { 200: z.object({ msg: z.string() }), ...failures } },
    },
    async (request) => {
      await levels.remove(request.params.id, requireActor(request).id);
      return { msg: SERVER_TEXT.deleted };
    },
  );
};
