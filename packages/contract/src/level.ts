/** Levels (spec part 2 §3 Level, §5): a member's fee per blast and the lifetime blasts it needs. */
import { z } from 'zod';
import { schemasOf } from './call-schemas.ts';
import type * as calls from './level-calls.ts';
import { pageOf, ZIdParams, ZPageQuery } from './paging.ts';

export const ZLevel = z.object({
  id: z.number().int(),
  name: z.string(),
  blast_fee: z.number().int(),
  requirement_blast: z.number().int(),
  color: z.string().nullable(),
});
export type TLevel = z.infer<typeof ZLevel>;

export const ZLevelResponse = z.object({ level: ZLevel });
export type TLevelResponse = z.infer<typeof ZLevelResponse>;
export const ZLevelPageResponse = pageOf(ZLevel);
export type TLevelPageResponse = z.infer<typeof ZLevelPageResponse>;

export const ZLevelRequest = z.object({
  name: z.string({ error: 'Nama level wajib diisi.' }).trim().min(1, { error: 'Nama level wajib diisi.' }).max(100),
  blast_fee: z
    .number({ error: 'Harga per blast harus berupa angka.' })
    .int({ error: 'Harga per blast harus bilangan bulat.' })
    .min(0, { error: 'Harga per blast tidak boleh negatif.' })
    .max(1_000_000_000),
  requirement_blast: z
    .number({ error: 'Minimal blast harus berupa angka.' })
    .int({ error: 'Minimal blast harus bilangan bulat.' })
    .min(0, { error: 'Minimal blast tidak boleh negatif.' })
    .max(1_000_000_000),
});
export type TLevelRequest = z.infer<typeof ZLevelRequest>;

export const LEVEL_SAVED = 'Level berhasil disimpan.';
/** Level names are unique without regard to case: two 'Platinum' badges with different fees would mislead. */
export const LEVEL_NAME_TAKEN = 'Nama level sudah dipakai level lain.';

/** What the server checks of each call in level-calls.ts. */
export const LEVEL_SCHEMAS = schemasOf<typeof calls>()(['levels'], {
  page: { summary: 'Levels by rank', querystring: ZPageQuery, response: { 200: ZLevelPageResponse } },
  one: { params: ZIdParams, response: { 200: ZLevelResponse } },
  create: { body: ZLevelRequest, response: { 200: ZLevelResponse } },
  update: { params: ZIdParams, body: ZLevelRequest, response: { 200: ZLevelResponse } },
  remove: { params: ZIdParams, response: { 200: z.object({ msg: z.string() }) } },
});
