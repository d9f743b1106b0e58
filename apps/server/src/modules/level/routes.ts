/**
 * The handlers of /api/admin/level: the calls, who may make them and their schemas are in the contract
 * (level-calls.ts, level.ts LEVEL_SCHEMAS).
 */
import { LEVEL_SCHEMAS as schemas } from '@sewablast/contract/level';
import * as level from '@sewablast/contract/level-calls';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { bind } from '../../http/bind.ts';
import type { LevelService } from './service.ts';

export const levelRoutes: FastifyPluginAsyncZod<{ levels: LevelService }> = async (app, { levels }) => {
  bind(app, level.page, schemas.page, async (request) => levels.listPage(request.query));
  bind(app, level.one, schemas.one, async (request) => ({ level: await levels.detail(request.params.id) }));
  bind(app, level.create, schemas.create, async (request) => ({
    level: await levels.create(request.body, requireActor(request).id),
  }));
  bind(app, level.update, schemas.update, async (request) => ({
    level: await levels.update(request.params.id, request.body, requireActor(request).id),
  }));
  bind(app, level.remove, schemas.remove, async (request) => {
    await levels.remove(request.params.id, requireActor(request).id);
    return { msg: SERVER_TEXT.deleted };
  });
};
