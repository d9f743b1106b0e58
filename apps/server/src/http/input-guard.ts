/**
 * Input no route can take, refused once for every route before validation (DESIGN §6): a NUL byte anywhere
 * in the path, the query or a JSON body answers 400 with `msg` here, rather than 500 from whichever query
 * it reaches first (PostgreSQL cannot store U+0000 in text). Multipart fields are read by the handlers and
 * checked where they are read (multipart.ts).
 */
import { findNul, INPUT_TEXT } from '@sewablast/contract/paging';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/app-error.ts';

/** Throws the 400 for a NUL byte in the value, naming its field. */
export function refuseNul(value: unknown): void {
  const field = findNul(value);
  if (field !== null) throw badRequest(INPUT_TEXT.nul, { [field]: INPUT_TEXT.nul });
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    refuseNul(request.params);
    refuseNul(request.query);
    refuseNul(request.body);
  });
}
