/** Reads a multipart form of text fields and at most one file, buffering the file up to a limit. */
import { INPUT_TEXT } from '@sewablast/contract/paging';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../lib/app-error.ts';
import { refuseNul } from './input-guard.ts';

export interface MultipartForm {
  fields: Record<string, string>;
  file?: { bytes: Buffer; filename: string | undefined; fieldname: string };
}

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

/** What a failed form read is to its caller: the 4xx it deserves, or (ours, not the client's) itself. */
export function formFailure(error: unknown, tooLarge: () => AppError): unknown {
  if (error instanceof AppError) return error;
  const limit = formLimitError(error);
  if (limit) return limit;
  if ((error as { statusCode?: number }).statusCode === 413) return tooLarge();
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

export async function readMultipart(
  request: FastifyRequest,
  limits: { fileBytes: number; tooLarge: string },
): Promise<MultipartForm> {
  requireMultipart(request);
  const form: MultipartForm = { fields: {} };
  try {
    for await (const part of request.parts({ limits: { fileSize: limits.fileBytes } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (bytes.length > 0) form.file = { bytes, filename: part.filename, fieldname: part.fieldname };
      } else keepField(form.fields, part);
    }
  } catch (error) {
    throw formFailure(error, () => new AppError(413, limits.tooLarge, { file: limits.tooLarge }));
  }
  // Fields skip the input guard, which sees only JSON bodies: the same rule, checked here.
  refuseNul(form.fields);
  return form;
}
