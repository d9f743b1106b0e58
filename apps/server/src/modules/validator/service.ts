/**
 * Number validators (spec part 2 §2, §5, §7 Validator; DESIGN §5.9): the numbers of an uploaded file checked
 * on WhatsApp. The file is kept in `files` and read again when the run begins; its valid numbers are counted
 * on upload, bad rows and repeats skipped and counted.
 */

import type { Readable } from 'node:stream';
import { fieldErrorsOf } from '@sewablast/contract/errors';
import {
  type TValidator,
  VALIDATOR_TEXT,
  ZValidatorCreateFields,
  ZValidatorUpdateFields,
} from '@sewablast/contract/validator';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { validators } from '../../db/schema.ts';
import { importFormatMessage } from '../../http/upload.ts';
import type { Actor } from '../../lib/actor.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { readFileNumbers } from '../../lib/file-numbers.ts';
import { ImportFormatError } from '../../lib/import-rows.ts';
import { importMimeOf, SNIFF_BYTES } from '../../lib/import-sniff.ts';
import type { ValidatorRow } from '../../rules/jobs/job-kinds.ts';
import type { FileInfo, FileService } from '../file/service.ts';
import { readHead } from '../file/stream-head.ts';
import { jobContext, presentJob } from '../jobs/present.ts';
import { createJobCore, type JobCoreDeps } from '../jobs/service.ts';

/** The stored name: the client's file name without any path, in characters safe in a header, or a default. */
function storedName(filename: string | undefined): string {
  const base = (filename ?? '').split(/[\\/]/).pop() ?? '';
  const safe = base
    .replace(/[^\w .()-]/g, '_')
    .slice(0, 200)
    .trim();
  return safe || 'numbers.csv';
}

function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors = fieldErrorsOf(parsed.error.issues) as Record<string, string>;
  throw badRequest(Object.values(errors)[0] ?? VALIDATOR_TEXT.badFile, errors);
}

export function createValidatorService(deps: JobCoreDeps & { files: FileService }) {
  const { db, files } = deps;
  const core = createJobCore<ValidatorRow>('validator', VALIDATOR_TEXT.notFound, deps);

  async function present(rows: ValidatorRow[]): Promise<TValidator[]> {
    const context = await jobContext(db, rows);
    const infos = await files.infos(rows.flatMap((row) => (row.file_id === null ? [] : [row.file_id])));
    return rows.map((row) => {
      const file = row.file_id === null ? undefined : infos.get(row.file_id);
      return {
        ...presentJob(row, row.total, context),
        file_id: file ? file.id : null,
        fileName: file?.name ?? null,
        fileUrl: file ? files.signedUrl(file.id) : null,
        cursor: row.cursor,
      };
    });
  }

  return {
    core,
    present,

    /** The uploaded file stored as it streams in (an empty one is no file), for create to take over. */
    async storeFile(stream: Readable, filename: string | undefined, userId: number): Promise<FileInfo | undefined> {
      const { head, rest } = await readHead(stream, SNIFF_BYTES);
      if (head.length === 0) return undefined;
      return files.save({ name: storedName(filename), mime: importMimeOf(head), source: rest, userId });
    },

    discardFile: (file: FileInfo) => files.remove(file.id),

    /**
     * Multipart: the settings and the file storeFile stored, whose valid numbers are counted from the store as
     * the run will read them.
     */
    async create(
      actor: Actor,
      fields: Record<string, string>,
      file: FileInfo | undefined,
    ): Promise<{ row: ValidatorRow; total: number; skipped: number }> {
      const body = parseFields(ZValidatorCreateFields, fields);
      if (!file) throw badRequest(VALIDATOR_TEXT.fileRequired, { file: VALIDATOR_TEXT.fileRequired });
      await core.ownersAccount(actor.id, body.whatsapp_id);
      const counted = await readFileNumbers(files.open(file.id)).catch((error: unknown) => {
        if (error instanceof ImportFormatError) {
          const message = importFormatMessage(error, VALIDATOR_TEXT.badFile);
          throw badRequest(message, { file: message });
        }
        throw error;
      });
      if (counted.numbers.length === 0) throw badRequest(VALIDATOR_TEXT.noNumbers, { file: VALIDATOR_TEXT.noNumbers });
      const [row] = await db
        .insert(validators)
        .values({ ...body, user_id: actor.id, file_id: file.id, total: counted.numbers.length })
        .returning();
      if (!row) throw new Error('validator not saved');
      return { row, total: counted.numbers.length, skipped: counted.skipped };
    },

    /** Multipart without a file: the account, the pace and b_insert. A running job is stopped first. */
    async update(actor: Actor, id: number, fields: Record<string, string>): Promise<ValidatorRow> {
      const job = await core.mustSee(actor, id);
      const body = parseFields(ZValidatorUpdateFields, fields);
      core.requireStopped(job);
      await core.ownersAccount(job.user_id, body.whatsapp_id);
      const [row] = await db.update(validators).set(body).where(eq(validators.id, id)).returning();
      if (!row) throw notFound(VALIDATOR_TEXT.notFound);
      return row;
    },

    /** Removes the job and its results, then its file, which nothing else uses. */
    async remove(actor: Actor, id: number): Promise<void> {
      const job = await core.remove(actor, id);
      if (job.file_id !== null) await files.remove(job.file_id);
    },
  };
}

export type ValidatorService = ReturnType<typeof createValidatorService>;
