/**
 * The one uploaded file of an import request, as a stream, with the size limit enforced while it streams:
 * past the limit the request ends with 413 and `msg`, and nothing after the limit is read.
 */
import type { Readable } from 'node:stream';
import { IMPORT_TEXT } from '@sewablast/contract/imports';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../lib/app-error.ts';
import { ImportFormatError } from '../lib/import-rows.ts';
import { isFormError, malformedForm } from './multipart.ts';

/** What a user is told of a file the reader refused: the area's own words, and where to look when known. */
export function importFormatMessage(error: ImportFormatError, badFormat: string): string {
  if (error.limit) return error.limit;
  if (error.workbook) return IMPORT_TEXT.unreadableWorkbook;
  return error.line === null ? badFormat : `${badFormat} ${IMPORT_TEXT.unreadableFrom(error.line)}`;
}

export async function withUploadedFile<T>(
  request: FastifyRequest,
  options: { maxMb: number; missing: string; badFormat: string },
  work: (stream: Readable) => Promise<T>,
): Promise<T> {
  const message = `File maksimal ${options.maxMb} MB.`;
  const tooLarge = () => new AppError(413, message, { file: message });
  const maxBytes = options.maxMb * 1024 * 1024;
  if (!request.isMultipart()) throw badRequest(options.missing, { file: options.missing });
  // Refused before a row is written: a file cut off at the limit mid-import would leave its first rows
  // stored under a 413. The form's few hundred bytes of envelope count towards the limit here.
  if (Number(request.headers['content-length'] ?? 0) > maxBytes) throw tooLarge();
  const part = await request.file({ limits: { fileSize: maxBytes } }).catch((error: unknown) => {
    throw isFormError(error) ? malformedForm() : error;
  });
  if (!part) throw badRequest(options.missing, { file: options.missing });
  // Without a declared length: cut off at the limit, the stream would simply end, so fail the reader
  // instead, before the rows it holds are written (batches written earlier stay).
  const cutOff = () => part.file.destroy(tooLarge());
  try {
    if (part.file.truncated) throw tooLarge();
    part.file.once('limit', cutOff);
    const result = await work(part.file);
    if (part.file.truncated) throw tooLarge();
    return result;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (part.file.truncated || (error as { statusCode?: number }).statusCode === 413) throw tooLarge();
    if (error instanceof ImportFormatError) {
      const msg = importFormatMessage(error, options.badFormat);
      throw badRequest(msg, { file: msg });
    }
    // The form broke off mid-file: whatever the reader made of that, the client's bytes are at fault.
    if (isFormError(part.file.errored)) throw malformedForm();
    throw error;
  } finally {
    part.file.off('limit', cutOff);
    part.file.resume();
  }
}
