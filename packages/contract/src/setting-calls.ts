/**
 * /api/admin/setting (spec part 2 §7 Settings), one line per call (call.ts): read by every signed-in user
 * (marquee, bank list, the business time zone), changed by admins and devs. Schemas: setting.ts. Types only
 * from zod.
 */
import type { z } from 'zod';
import type { Call } from './call.ts';
import type { TSettingResponse, ZUpdateSettingRequest } from './setting.ts';

export const area = '/api/admin/setting';

export const get: Call<{ answer: TSettingResponse }> = {
  method: 'GET',
  path: `${area}/get`,
  access: 'everyone',
  errors: [401],
};
export const update: Call<{ body: z.input<typeof ZUpdateSettingRequest>; answer: TSettingResponse }> = {
  method: 'PUT',
  path: `${area}/update`,
  access: 'managers',
  errors: [400, 401, 403],
};
