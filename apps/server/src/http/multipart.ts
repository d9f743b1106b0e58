/**
 * The one reader of a multipart form of text fields and at most one file, and what its failures mean to the
 * client. The file goes to a taker as it streams in (stored, or buffered by `readMultipart`); past the size
 * limit its stream fails with 413, so that what was taken of it is dropped. Should the form fail after its
 * file was taken (a field too long, a part broken off), or its user fail (a field refused, a row not found),
 * the taker discards what it took, which nothing holds then. An import's file is read apart (upload.ts): its
 * rows are written while it streams, so the rest of the form must be read before the last row is.
 */
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { INPUT_TEXT } from '@sewablast/contract/paging';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../lib/app-error.ts';
import { refuseNul } from './input-guard.ts';

export interface Form<F> {
  fields: Record<string, string>;
  file?: F;
}

export interface FileTaker<F> {
  take(stream: Readable, filename: string | undefined): Promise<F | undefined>;
  discard(file: F): Promise<void>;
}

export interface FormLimits {
  fileBytes: number;
  tooLarge: string;
}

export type MultipartForm = Form<{ bytes: Buffer; filename: string | undefined }>;

/**
 * Busboy's parse errors (no boundary, a form cut short, a malformed part header) are plain `Error`s with no
 * status: the client's bytes at fault, so a 400. The plugin's own errors carry their 4xx already, and
 * anything else (a TypeError, a database error) is ours and stays a 500.
 */
export function isFormError(error: unknown): boolean {
  return (
    error instanceof Error &&
    Object.getPrototypeOf(error) === Error.prototype &&
    (error as { statusCode?: number }).statusCode === undefined
  );
}

export const malformedForm = () => badRequest(INPUT_TEXT.badForm, { file: INPUT_TEXT.badForm });

/** What any multipart form may hold (the plugin's limits, app.ts); each route sets its own file size. */
export const FORM_LIMITS = { files: 1, fields: 20 } as const;

/**
 * The plugin answers a second file or a 21st field with 413 like a file past its size: neither is a size,
 * so each is a 400 saying what is wrong. Null for any other error.
 */
export function formLimitError(error: unknown): AppError | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_FILES_LIMIT') return badRequest(INPUT_TEXT.oneFile, { file: INPUT_TEXT.oneFile });
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return badRequest(INPUT_TEXT.tooManyFields(FORM_LIMITS.fields));
  return null;
}

/**
 * What a failed form read is to its caller: the 4xx it deserves, or (ours, not the client's) itself. A file
 * past its size is `tooLarge` where the caller names it.
 */
export function formFailure(error: unknown, tooLarge?: () => AppError): unknown {
  if (error instanceof AppError) return error;
  const limit = formLimitError(error);
  if (limit) return limit;
  if (tooLarge && (error as { statusCode?: number }).statusCode === 413) return tooLarge();
  return isFormError(error) ? malformedForm() : error;
}

export function requireMultipart(request: FastifyRequest): void {
  if (!request.isMultipart()) throw badRequest('Kirim sebagai multipart/form-data.');
}

/** Keeps a text field, refusing one cut at the field size limit: it would be stored shortened without a word. */
export function keepField(
  fields: Record<string, string>,
  part: { fieldname: string; value: unknown; valueTruncated: boolean },
) {
  if (part.valueTruncated) throw badRequest(INPUT_TEXT.fieldTooLong, { [part.fieldname]: INPUT_TEXT.fieldTooLong });
  fields[part.fieldname] = String(part.value ?? '');
}

async function readForm<F>(request: FastifyRequest, limits: FormLimits, taker: FileTaker<F>): Promise<Form<F>> {
  requireMultipart(request);
  const tooLarge = () => new AppError('too_large', limits.tooLarge, { file: limits.tooLarge });
  const form: Form<F> = { fields: {} };
  try {
    for await (const part of request.parts({ limits: { fileSize: limits.fileBytes } })) {
      if (part.type === 'file') {
        // Cut off at the limit the stream would simply end, and the file be taken short: fail it instead.
        const cutOff = () => part.file.destroy(tooLarge());
        part.file.once('limit', cutOff);
        try {
          form.file = await taker.take(part.file, part.filename);
        } finally {
          part.file.off('limit', cutOff);
          part.file.resume();
        }
        if (part.file.truncated) throw tooLarge();
      } else keepField(form.fields, part);
    }
    // Fields skip the input guard, which sees only JSON bodies: the same rule, checked here.
    refuseNul(form.fields);
  } catch (error) {
    if (form.file !== undefined) await taker.discard(form.file);
    throw formFailure(error, tooLarge);
  }
  return form;
}

/** The form with its file in memory (an empty file is none): for files small enough to hold. */
export function readMultipart(request: FastifyRequest, limits: FormLimits): Promise<MultipartForm> {
  return readForm(request, limits, {
    async take(stream, filename) {
      const bytes = await buffer(stream);
      return bytes.length > 0 ? { bytes, filename } : undefined;
    },
    discard: async () => {},
  });
}

/** The form with its file stored by `taker` as it streams in, for `use`; the file is discarded should `use` fail. */
export async function withStreamedForm<F, T>(
  request: FastifyRequest,
  limits: FormLimits,
  taker: FileTaker<F>,
  use: (form: Form<F>) => Promise<T>,
): Promise<T> {
  const form = await readForm(request, limits, taker);
  try {
    return await use(form);
  } catch (error) {
    if (form.file !== undefined) await taker.discard(form.file);
    throw error;
  }
}
