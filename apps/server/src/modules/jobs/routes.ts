/**
 * The calls generators and validators share (spec part 2 §7): list-per-page, get, delete, start, stop and
 * download-result, registered by each area with its own shapes. Staff, admins and devs reach them (the
 * area's group); ownership is the service's first check.
 */
import { Readable } from 'node:stream';
import { ZMsgResponse } from '@sewablast/contract/errors';
import { JOB_RESULT_HEADER, JOB_TEXT, ZJobIdRequest, ZJobPageQuery, ZJobRefusal } from '@sewablast/contract/jobs';
import { pageOf, ZIdParams } from '@sewablast/contract/paging';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { JobRow } from '../../engine/index.ts';
import { requireActor } from '../../http/access.ts';
import { failuresOf } from '../../http/errors.ts';
import type { Actor } from '../../lib/actor.ts';
import { withRefusals } from './refusal.ts';
import { prefersJson, resultCsv, resultJson } from './result-download.ts';
import type { JobCore } from './service.ts';

export const jobFailures = failuresOf(400, 401, 403, 404);

export interface JobRouteOptions<Row extends JobRow, Item, Key extends string> {
  tags: string[];
  /** The key a single job goes under: `generator` or `validator`. */
  key: Key;
  core: JobCore<Row>;
  present: (rows: Row[]) => Promise<Item[]>;
  item: z.ZodType<Item>;
  downloadName: string;
  /** Removes a job the caller may act on, with what belongs to it alone. */
  remove: (actor: Actor, id: number) => Promise<unknown>;
}

export function registerJobRoutes<Row extends JobRow, Item, Key extends string>(
  app: FastifyInstance,
  { tags, key, core, present, item, downloadName, remove }: JobRouteOptions<Row, Item, Key>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Typed loosely: a computed key loses its type, and the answer is checked against these as it is sent.
  const singleSchema = z.object({ [key]: item });
  const single: z.ZodType<Record<string, unknown>> = singleSchema;
  const answer: z.ZodType<Record<string, unknown>> = singleSchema.extend({ msg: z.string() });
  const one = async (row: Row) => {
    const [shown] = await present([row]);
    return shown as Item;
  };
  const refusals = { 403: ZJobRefusal, 409: ZJobRefusal };

  api.get(
    '/list-per-page',
    {
      schema: {
        tags,
        summary: "A page of jobs, newest first: the caller's own; a dev's, anyone's (user_id narrows)",
        querystring: ZJobPageQuery,
        response: { 200: pageOf(item), ...jobFailures },
      },
    },
    async (request) => core.page(requireActor(request), request.query, present),
  );

  api.get(
    '/download-result/:id',
    {
      schema: {
        tags,
        summary: `The numbers found on WhatsApp, streamed: text/csv (${JOB_RESULT_HEADER.join(',')}), or {list} of them when Accept prefers application/json`,
        params: ZIdParams,
        response: {
          200: z.string().describe(`text/csv: ${JOB_RESULT_HEADER.join(',')}; or application/json {list}`),
          ...jobFailures,
        },
      },
    },
    async (request, reply) => {
      const { id } = await core.mustSee(requireActor(request), request.params.id);
      reply.header('cache-control', 'no-store').header('vary', 'Accept');
      // A stream skips the response serializer; the 200 schema above is the document's description.
      if (prefersJson(request.headers)) {
        return reply.type('application/json; charset=utf-8').send(Readable.from(resultJson(core.results(id))) as never);
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${downloadName}"`)
        .send(Readable.from(resultCsv(core.results(id))) as never);
    },
  );

  api.get(
    '/:id',
    { schema: { tags, params: ZIdParams, response: { 200: single, ...jobFailures } } },
    async (request) => ({ [key]: await one(await core.mustSee(requireActor(request), request.params.id)) }),
  );

  api.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Stops the job, then removes it with its results',
        params: ZIdParams,
        response: { 200: ZMsgResponse, ...jobFailures },
      },
    },
    async (request) => {
      await remove(requireActor(request), request.params.id);
      return { msg: SERVER_TEXT.deleted };
    },
  );

  api.post(
    '/start',
    {
      config: { errorField: true },
      schema: {
        tags,
        summary:
          "Runs the job on its account's worker. 403 code 'disconnected' when the account is not connected; 409 code 'busy' when the account blasts or runs another job, 'finished' when nothing is left",
        body: ZJobIdRequest,
        response: { 200: answer, ...jobFailures, ...refusals },
      },
    },
    async (request, reply) =>
      withRefusals(reply, async () => ({
        msg: JOB_TEXT.started,
        [key]: await one(await core.start(requireActor(request), request.body.id)),
      })),
  );

  api.post(
    '/stop',
    {
      config: { errorField: true },
      schema: { tags, body: ZJobIdRequest, response: { 200: answer, ...jobFailures } },
    },
    async (request) => ({
      msg: JOB_TEXT.stopped,
      [key]: await one(await core.stop(requireActor(request), request.body.id)),
    }),
  );
}
