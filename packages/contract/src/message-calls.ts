/**
 * /api/admin/message (spec part 2 §7 Message templates), one line per call (call.ts): admins and devs list,
 * read, save, import and delete templates; a save is a multipart form that may carry the media.
 * Schemas: message.ts. Types only from zod.
 */
import type { z } from 'zod';
import type { Call, Form } from './call.ts';
import type { TMsgResponse } from './errors.ts';
import type {
  TMessageImportResponse,
  TMessageListResponse,
  TMessagePageResponse,
  TMessageResponse,
} from './message.ts';
import type { ZIdParams, ZPageQuery } from './paging.ts';

export const area = '/api/admin/message';
/** Every call answers 413 too: a form's media or an import's file past its size. */
const FAILURES = [400, 401, 403, 404, 413] as const;
type Id = z.input<typeof ZIdParams>;

export const list: Call<{ answer: TMessageListResponse }> = {
  method: 'GET',
  path: `${area}/list`,
  access: 'managers',
  errors: FAILURES,
};
export const page: Call<{ query: z.input<typeof ZPageQuery>; answer: TMessagePageResponse }> = {
  method: 'GET',
  path: `${area}/list-per-page`,
  access: 'managers',
  errors: FAILURES,
};
export const one: Call<{ params: Id; answer: TMessageResponse }> = {
  method: 'GET',
  path: `${area}/:id`,
  access: 'managers',
  errors: FAILURES,
};
export const create: Call<{ body: Form; answer: TMessageResponse }> = {
  method: 'POST',
  path: `${area}/create`,
  access: 'managers',
  errors: FAILURES,
  fallback: 'Error saving template message',
};
export const update: Call<{ params: Id; body: Form; answer: TMessageResponse }> = {
  method: 'PUT',
  path: `${area}/:id`,
  access: 'managers',
  errors: FAILURES,
  fallback: 'Error updating template message',
};
export const importFile: Call<{ body: Form; answer: TMessageImportResponse }> = {
  method: 'POST',
  path: `${area}/import`,
  access: 'managers',
  errors: FAILURES,
  fallback: 'Error importing File',
};
export const remove: Call<{ params: Id; answer: TMsgResponse }> = {
  method: 'DELETE',
  path: `${area}/:id`,
  access: 'managers',
  errors: FAILURES,
};
