/**
 * Reads a multipart form whose file is stored as it streams in, rather than buffered: `take` gets the file's
 * stream while the form is still arriving (and returns what it stored, or nothing for an empty file). Past
 * the size limit the stream fails with 413, so that what was taken of it is dropped. Then `use` gets the
 * form; should the form fail after its file was taken (a field too long, a part broken off), or `use` fail
 * (a field refused, a row not found), `discard` gets what was taken, which nothing holds then.
 */
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { refuseNul } from './input-guard.ts';
import { formFailure, keepField, requireMultipart } from './multipart.ts';

export interface StreamedForm<F> {
  fields: Record<string, string>;
  file?: F;
}

export interface FileTaker<F> {
  take(stream: Readable, filename: string | undefined): Promise<F | undefined>;
  discard(file: F): Promise<void>;
}

export async function withStreamedForm<F, T>(
  request: FastifyRequest,
  limits: { fileBytes: number; tooLarge: string },
  taker: FileTaker<F>,
  use: (form: StreamedForm<F>) => Promise<T>,
): Promise<T> {
  const form = await readStreamedForm(request, limits, taker);
  try {
    return await use(form);
  } catch (error) {
    if (form.file !== undefined) await taker.discard(form.file);
    throw error;
  }
}

async function readStreamedForm<F>(
  request: FastifyRequest,
  limits: { fileBytes: number; tooLarge: string },
  taker: FileTaker<F>,
): Promise<StreamedForm<F>> {
  requireMultipart(request);
  const tooLarge = () => new AppError(413, limits.tooLarge, { file: limits.tooLarge });
  const form: StreamedForm<F> = { fields: {} };
  try {
    for await (const part of request.parts({ limits: { fileSize: limits.fileBytes } })) {
      if (part.type === 'file') {
        // Cut off at the limit the stream would simply end, and the file be stored short: fail it instead.
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
