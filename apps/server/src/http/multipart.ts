/** Reads a multipart form of text fields and at most one file, buffering the file up to a limit. */
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../lib/app-error.ts';

export interface MultipartForm {
  fields: Record<string, string>;
  file?: { bytes: Buffer; filename: string | undefined; fieldname: string };
}

export async function readMultipart(
  request: FastifyRequest,
  limits: { fileBytes: number; tooLarge: string },
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw badRequest('Kirim sebagai multipart/form-data.');
  const form: MultipartForm = { fields: {} };
  try {
    for await (const part of request.parts({ limits: { fileSize: limits.fileBytes } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (bytes.length > 0) form.file = { bytes, filename: part.filename, fieldname: part.fieldname };
      } else {
        form.fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 413) {
      throw new AppError(413, limits.tooLarge, { file: limits.tooLarge });
    }
    throw error;
  }
  return form;
}
