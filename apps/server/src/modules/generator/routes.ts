/**
 * The handlers of /api/admin/generator: the calls, who may make them and their schemas are in the contract
 * (generator-calls.ts, generator.ts GENERATOR_SCHEMAS); all but create and update are shared with validators.
 */
import { GENERATOR_TEXT, GENERATOR_SCHEMAS as schemas } from '@sewablast/contract/generator';
import * as generator from '@sewablast/contract/generator-calls';
import { JOB_TEXT } from '@sewablast/contract/jobs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/access.ts';
import { bind } from '../../http/bind.ts';
import { bindJobRoutes } from '../jobs/routes.ts';
import type { GeneratorService } from './service.ts';

export const generatorRoutes: FastifyPluginAsyncZod<{ generators: GeneratorService }> = async (app, { generators }) => {
  const one = async (row: Parameters<GeneratorService['present']>[0][number]) => {
    const [shown] = await generators.present([row]);
    if (!shown) throw new Error('generator not presented');
    return shown;
  };

  bindJobRoutes(app, {
    calls: generator,
    schemas,
    key: 'generator',
    core: generators.core,
    present: generators.present,
    downloadName: GENERATOR_TEXT.downloadName,
    remove: generators.core.remove,
  });
  bind(app, generator.create, schemas.create, async (request) => ({
    msg: GENERATOR_TEXT.created,
    generator: await one(await generators.create(requireActor(request), request.body)),
  }));
  bind(app, generator.update, schemas.update, async (request) => ({
    msg: JOB_TEXT.saved,
    generator: await one(await generators.update(requireActor(request), request.params.id, request.body)),
  }));
};
