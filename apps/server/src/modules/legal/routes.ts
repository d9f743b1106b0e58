/**
 * /api/legal/terms and /api/legal/privacy-policy: public, since sign-up links to them before anyone has an
 * account. The admin's text from the settings, or the contract's default while that is empty.
 */
import { LEGAL_KINDS, LEGAL_TITLES, legalText, type TLegalKind, ZLegalDocument } from '@sewablast/contract/legal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SettingsRow } from '../../db/settings-row.ts';
import type { SettingService } from '../setting/service.ts';

const COLUMN: Record<TLegalKind, keyof Pick<SettingsRow, 'terms' | 'privacy_policy'>> = {
  terms: 'terms',
  'privacy-policy': 'privacy_policy',
};

export const legalRoutes: FastifyPluginAsyncZod<{ settings: SettingService }> = async (app, { settings }) => {
  for (const kind of LEGAL_KINDS) {
    app.get(
      `/${kind}`,
      {
        schema: {
          tags: ['legal'],
          summary: `The ${LEGAL_TITLES[kind]} shown at /${kind}`,
          response: { 200: ZLegalDocument },
        },
      },
      async () => {
        const row = await settings.get();
        return { title: LEGAL_TITLES[kind], text: legalText(kind, row[COLUMN[kind]]) };
      },
    );
  }
};
