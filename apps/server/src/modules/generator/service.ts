/** Number generators (spec part 2 §2, §5, §7 Generator; DESIGN §5.9): a range of numbers checked on WhatsApp. */
import {
  GENERATOR_TEXT,
  type TGenerator,
  type ZGeneratorCreateRequest,
  type ZGeneratorUpdateRequest,
} from '@sewablast/contract/generator';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { generators } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { notFound } from '../../lib/app-error.ts';
import { type GeneratorRow, generatorTotal } from '../../rules/jobs/job-kinds.ts';
import { jobContext, presentJob } from '../jobs/present.ts';
import { createJobCore, type JobCoreDeps } from '../jobs/service.ts';

export function createGeneratorService(deps: JobCoreDeps) {
  const { db } = deps;
  const core = createJobCore<GeneratorRow>('generator', GENERATOR_TEXT.notFound, deps);

  async function present(rows: GeneratorRow[]): Promise<TGenerator[]> {
    const context = await jobContext(db, rows);
    return rows.map((row) => ({
      ...presentJob(row, generatorTotal(row), context),
      start_number: row.start_number,
      end_number: row.end_number,
      current_number: row.current_number,
    }));
  }

  return {
    core,
    present,

    async create(actor: Actor, body: z.output<typeof ZGeneratorCreateRequest>): Promise<GeneratorRow> {
      await core.ownersAccount(actor.id, body.whatsapp_id);
      const [row] = await db
        .insert(generators)
        .values({ ...body, user_id: actor.id })
        .returning();
      if (!row) throw new Error('generator not saved');
      return row;
    },

    /** The account, the pace and b_insert; the range is fixed once created. A running job is stopped first. */
    async update(actor: Actor, id: number, body: z.output<typeof ZGeneratorUpdateRequest>): Promise<GeneratorRow> {
      const job = await core.mustSee(actor, id);
      core.requireStopped(job);
      await core.ownersAccount(job.user_id, body.whatsapp_id);
      const [row] = await db.update(generators).set(body).where(eq(generators.id, id)).returning();
      if (!row) throw notFound(GENERATOR_TEXT.notFound);
      return row;
    },
  };
}

export type GeneratorService = ReturnType<typeof createGeneratorService>;
