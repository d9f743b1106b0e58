/** /api/admin/generator (spec part 2 §7 Generator): create and update here, the rest shared with validators. */
import {
  GENERATOR_TEXT,
  ZGenerator,
  ZGeneratorCreateRequest,
  ZGeneratorUpdateRequest,
} from '@sewablast/contract/generator';
import { JOB_TEXT, ZJobRefusal } from '@sewablast/contract/jobs';
import { ZIdParams } from '@sewablast/contract/paging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../http/access.ts';
import { withRefusals } from '../jobs/refusal.ts';
import { jobFailures, registerJobRoutes } from '../jobs/routes.ts';
import type { GeneratorService } from './service.ts';

const tags = ['generator'];
const ZAnswer = z.object({ msg: z.string(), generator: ZGenerator });

export const generatorRoutes: FastifyPluginAsyncZod<{ generators: GeneratorService }> = async (app, { generators }) => {
  const one = async (row: Parameters<GeneratorService['present']>[0][number]) => {
    const [generator] = await generators.present([row]);
    if (!generator) throw new Error('generator not presented');
    return generator;
  };

  registerJobRoutes(app, {
    tags,
    key: 'generator',
    core: generators.core,
    present: generators.present,
    item: ZGenerator,
    downloadName: GENERATOR_TEXT.downloadName,
    remove: generators.core.remove,
  });

  app.post(
    '/create',
    {
      schema: {
        tags,
        summary: "A range of at most 1 000 000 numbers (digits starting 62), on one of the caller's accounts",
        body: ZGeneratorCreateRequest,
        response: { 200: ZAnswer, ...jobFailures },
      },
    },
    async (request) => ({
      msg: GENERATOR_TEXT.created,
      generator: await one(await generators.create(requireActor(request), request.body)),
    }),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary: "The account, intervals and b_insert; the range is locked. 409 code 'running' while it runs",
        params: ZIdParams,
        body: ZGeneratorUpdateRequest,
        response: { 200: ZAnswer, ...jobFailures, 409: ZJobRefusal },
      },
    },
    async (request, reply) =>
      withRefusals(reply, async () => ({
        msg: JOB_TEXT.saved,
        generator: await one(await generators.update(requireActor(request), request.params.id, request.body)),
      })),
  );
};
