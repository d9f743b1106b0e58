/**
 * /api/admin/account-loss (DESIGN §8 Account safety), one line per call (call.ts): why accounts were lost,
 * for admins and devs only. Schemas: account-loss.ts. Types only from zod.
 */
import type { z } from 'zod';
import type {
  TAccountLossCompare,
  TAccountLossPage,
  TAccountTimeline,
  ZAccountLossPeriodQuery,
  ZAccountLossQuery,
} from './account-loss.ts';
import { ACCOUNT_LOSS_TEXT } from './account-loss-text.ts';
import type { Call } from './call.ts';
import type { ZIdParams } from './paging.ts';

export const area = '/api/admin/account-loss';

export const timeline: Call<{ params: z.input<typeof ZIdParams>; answer: TAccountTimeline }> = {
  method: 'GET',
  path: `${area}/timeline/:id`,
  access: 'managers',
  errors: [400, 401, 403, 404],
  fallback: ACCOUNT_LOSS_TEXT.timelineFailed,
};
export const page: Call<{ query: z.input<typeof ZAccountLossQuery>; answer: TAccountLossPage }> = {
  method: 'GET',
  path: `${area}/list-per-page`,
  access: 'managers',
  errors: [400, 401, 403],
  fallback: ACCOUNT_LOSS_TEXT.listFailed,
};
export const compare: Call<{ query: z.input<typeof ZAccountLossPeriodQuery>; answer: TAccountLossCompare }> = {
  method: 'GET',
  path: `${area}/compare`,
  access: 'managers',
  errors: [400, 401, 403],
  fallback: ACCOUNT_LOSS_TEXT.compareFailed,
};
