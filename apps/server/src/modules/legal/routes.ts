/**
 * The handlers of /api/legal: the admin's text from the settings, or the contract's default while that is
 * empty. The calls, who may make them and their schemas are in the contract (legal-calls.ts, legal.ts
 * LEGAL_SCHEMAS).
 */
import { LEGAL_SCHEMAS, legalText } from '@sewablast/contract/legal';
import { DOCUMENT_CALLS } from '@sewablast/contract/legal-calls';
import { LEGAL_KINDS, LEGAL_TITLES, type TLegalKind } from '@sewablast/contract/legal-text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SettingsRow } from '../../db/settings-row.ts';
import { bind } from '../../http/bind.ts';
import type { SettingService } from '../setting/service.ts';

const COLUMN: Record<TLegalKind, keyof Pick<SettingsRow, 'terms' | 'privacy_policy'>> = {
  terms: 'terms',
  'privacy-policy': 'privacy_policy',
};
const SCHEMA = { terms: LEGAL_SCHEMAS.terms, 'privacy-policy': LEGAL_SCHEMAS.privacyPolicy };

export const legalRoutes: FastifyPluginAsyncZod<{ settings: SettingService }> = async (app, { settings }) => {
  for (const kind of LEGAL_KINDS) {
    bind(app, DOCUMENT_CALLS[kind], SCHEMA[kind], async () => {
      const row = await settings.get();
      return { title: LEGAL_TITLES[kind], text: legalText(kind, row[COLUMN[kind]]) };
    });
  }
};
