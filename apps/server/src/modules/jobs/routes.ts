/**
 * The handlers of the calls generators and validators share (contract jobs-calls.ts): list-per-page,
 * download-result, get, delete, start and stop, bound by each area with its own calls, schemas and job.
 * Ownership is the service's first check.
 */
import { Readable } from 'node:stream';
import { JOB_TEXT, type jobSchemasOf } from '@sewablast/contract/jobs';
import type { jobCallsOf } from '@sewablast/contract/jobs-calls';
import { SERVER_TEXT } from '@sewablast/contract/texts';
import type { z } from 'zod';
import { requireActor } from '../../http/access.ts';
import { bind, type ZodApp } from '../../http/bind.ts';
import type { Actor } from '../../lib/actor.ts';
import type { JobRow } from '../../rules/jobs/job-kinds.ts';
import { prefersJson, resultCsv, resultJson } from './result-download.ts';
import type { JobCore } from './service.ts';

export interface JobRouteOptions<Row extends JobRow, Item, Key extends string> {
  calls: ReturnType<typeof jobCallsOf<Key, Item>>;
  schemas: ReturnType<typeof jobSchemasOf<Key, z.ZodType<Item>>>;
  /** The key a single job goes under: `generator` or `validator`. */
  key: Key;
  core: JobCore<Row>;
  present: (rows: Row[]) => Promise<Item[]>;
  downloadName: string;
  /** Removes a job the caller may act on, with what belongs to it alone. */
  remove: (actor: Actor, id: number) => Promise<unknown>;
}

/** A job under a computed key loses its type: the answer is checked against the schema as it is sent. */
function loosely<S extends { response: object }>(schema: S) {
  return schema as Omit<S, 'response'> & { response: { 200: z.ZodType<Record<string, unknown>> } };
}

export function bindJobRoutes<Row extends JobRow, Item, Key extends string>(
  app: ZodApp,
  { calls, schemas, key, core, present, downloadName, remove }: JobRouteOptions<Row, Item, Key>,
): void {
  const one = async (row: Row) => {
    const [shown] = await present([row]);
    return shown as Item;
  };

  bind(app, calls.page, schemas.page, async (request) => core.page(requireActor(request), request.query, present));
  bind(app, calls.result, schemas.result, async (request, reply) => {
    const { id } = await core.mustSee(requireActor(request), request.params.id);
    reply.header('cache-control', 'no-store').header('vary', 'Accept');
    // A stream skips the response serializer; the 200 schema is the document's description.
    if (prefersJson(request.headers)) {
      return reply.type('application/json; charset=utf-8').send(Readable.from(resultJson(core.results(id))) as never);
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${downloadName}"`)
      .send(Readable.from(resultCsv(core.results(id))) as never);
  });
  bind(app, calls.one, loosely(schemas.one), async (request) => ({
    [key]: await one(await core.mustSee(requireActor(request), request.params.id)),
  }));
  bind(app, calls.remove, schemas.remove, async (request) => {
    await remove(requireActor(request), request.params.id);
    return { msg: SERVER_TEXT.deleted };
  });
  bind(app, calls.start, loosely(schemas.start), async (request) => ({
    msg: JOB_TEXT.started,
    [key]: await one(await core.start(requireActor(request), request.body.id)),
  }));
  bind(app, calls.stop, loosely(schemas.stop), async (request) => ({
    msg: JOB_TEXT.stopped,
    [key]: await one(await core.stop(requireActor(request), request.body.id)),
  }));
}
