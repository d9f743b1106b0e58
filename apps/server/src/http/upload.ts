/**
 * The one uploaded file of an import request, as a stream, with the size limit enforced while it streams:
 * past the limit the request ends with 413 and `msg`, and nothing after the limit is read.
 */
import { PassThrough, type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { IMPORT_TEXT } from '@sewablast/contract/imports';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../lib/app-error.ts';
import { ImportFormatError } from '../lib/import-rows.ts';
import { formFailure, isFormError, malformedForm } from './multipart.ts';

/** What a user is told of a file the reader refused: the area's own words, and where to look when known. */
export function importFormatMessage(error: ImportFormatError, badFormat: string): string {
  if (error.limit) return error.limit;
  if (error.workbook) return IMPORT_TEXT.unreadableWorkbook;
  return error.line === null ? badFormat : `${badFormat} ${IMPORT_TEXT.unreadableFrom(error.line)}`;
}

/**
 * The file's bytes, ending only once the rest of the form is read: a second file or a field past the
 * form's limits then fails the reader before it takes the file as whole (an import on PostgreSQL then
 * stores none of it), and `refusal` tells why.
 */
function endingWithForm(
  file: Readable,
  rest: AsyncIterator<Multipart>,
): { stream: PassThrough; refusal(): Error | null } {
  const relay = new PassThrough();
  let refusal: Error | null = null;
  // The reader sees a failure as it reads; one that has stopped reading needs not be told.
  relay.on('error', () => {});
  file.pipe(relay, { end: false });
  finished(file).then(
    async () => {
      try {
        // Fields after the file are read and dropped, as the import takes none.
        while (!(await rest.next()).done);
        if (!relay.destroyed) relay.end();
      } catch (error) {
        refusal = formFailure(error) as Error;
        relay.destroy(refusal);
      }
    },
    (error: Error) => relay.destroy(error),
  );
  return { stream: relay, refusal: () => refusal };
}

async function firstFile(parts: AsyncIterator<Multipart>): Promise<MultipartFile | undefined> {
  try {
    for (let next = await parts.next(); !next.done; next = await parts.next())
      if (next.value.type === 'file') return next.value;
    return undefined;
  } catch (error) {
    throw formFailure(error);
  }
}

export async function withUploadedFile<T>(
  request: FastifyRequest,
  options: { maxMb: number; missing: string; badFormat: string },
  work: (stream: Readable) => Promise<T>,
): Promise<T> {
  const message = `File maksimal ${options.maxMb} MB.`;
  const tooLarge = () => new AppError('too_large', message, { file: message });
  const maxBytes = options.maxMb * 1024 * 1024;
  if (!request.isMultipart()) throw badRequest(options.missing, { file: options.missing });
  // Refused before a row is written: a file cut off at the limit mid-import would leave its first rows
  // stored under a 413. The form's few hundred bytes of envelope count towards the limit here.
  if (Number(request.headers['content-length'] ?? 0) > maxBytes) throw tooLarge();
  const parts = request.parts({ limits: { fileSize: maxBytes } })[Symbol.asyncIterator]();
  const part = await firstFile(parts);
  if (!part) throw badRequest(options.missing, { file: options.missing });
  // Without a declared length: cut off at the limit, the stream would simply end, so fail the reader
  // instead, before the rows it holds are written (batches written earlier stay).
  const cutOff = () => part.file.destroy(tooLarge());
  const form = endingWithForm(part.file, parts);
  try {
    if (part.file.truncated) throw tooLarge();
    part.file.once('limit', cutOff);
    const result = await work(form.stream);
    if (part.file.truncated) throw tooLarge();
    return result;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const refusal = form.refusal();
    if (refusal) throw refusal;
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
    // A reader that stopped early leaves the rest of the file to drain, so that the request still ends.
    part.file.unpipe(form.stream);
    form.stream.destroy();
    part.file.resume();
  }
}
