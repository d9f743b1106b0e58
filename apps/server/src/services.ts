/** Wires each area's service to the database and to the services it depends on. */
import type { Db } from './db/client.ts';
import { createAuthService } from './modules/auth/service.ts';
import { createTokenService } from './modules/auth/tokens.ts';
import { createFileService } from './modules/file/service.ts';
import { createLevelService } from './modules/level/service.ts';
import { createMessageService } from './modules/message/service.ts';
import { createPhoneNumberService } from './modules/phonenumber/service.ts';
import { createProxyService } from './modules/proxy/service.ts';
import { createSettingService } from './modules/setting/service.ts';
import { createUserService } from './modules/users/service.ts';

export function createServices(db: Db, jwtSecret: Uint8Array) {
  const tokens = createTokenService(jwtSecret);
  const settings = createSettingService(db);
  const levels = createLevelService(db, settings);
  const users = createUserService(db, levels);
  const auth = createAuthService(users, tokens);
  const files = createFileService(db, jwtSecret);
  const messages = createMessageService(db, files);
  const phoneNumbers = createPhoneNumberService(db);
  const proxies = createProxyService(db);
  return { tokens, settings, levels, users, auth, files, messages, phoneNumbers, proxies };
}

export type Services = ReturnType<typeof createServices>;
