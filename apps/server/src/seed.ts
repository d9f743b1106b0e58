/**
 * First-start data (DESIGN §1): on an empty database, a dev account and the settings row; with SEED_DEMO,
 * demo staff, members, levels, numbers, proxies and templates. Returns the logins to print once. Seeding
 * writes the tables directly because it runs before any service exists and only ever on an empty database;
 * it lives outside `db/` because it takes the users' password hashing and the settings' defaults from their
 * modules, which `db/` may not import (DESIGN §2).
 */
import { randomBytes } from 'node:crypto';
import type { Role } from '@sewablast/contract/roles';
import { sql } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { levels, messageTemplates, phoneNumbers, proxies, settings, users } from './db/schema.ts';
import { readSettingsRow } from './db/settings-row.ts';
import { DEFAULT_SETTINGS } from './modules/setting/service.ts';
import { hashPassword } from './modules/users/password.ts';
import { newReferralCode } from './modules/users/service.ts';

export interface Login {
  role: Role;
  email: string;
  /** Null when the password came from the environment and is not ours to print. */
  password: string | null;
}

export interface SeedOptions {
  adminEmail?: string;
  adminPassword?: string;
  demo: boolean;
}

const randomPassword = () => randomBytes(9).toString('base64url');

async function insertUser(
  db: Db,
  person: { firstname: string; lastname: string; email: string; role: Role; referred_by?: number; level_id?: number },
  password: string,
) {
  const [row] = await db
    .insert(users)
    .values({ ...person, password_hash: await hashPassword(password), referral_code: newReferralCode() })
    .returning({ id: users.id });
  if (!row) throw new Error(`seed: could not create ${person.email}`);
  return row.id;
}

export async function seed(db: Db, options: SeedOptions): Promise<Login[] | null> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return null;

  const logins: Login[] = [];
  const devEmail = (options.adminEmail ?? 'dev@sewablast.local').toLowerCase();
  const devPassword = options.adminPassword ?? randomPassword();
  await insertUser(db, { firstname: 'Dev', lastname: 'Sewablast', email: devEmail, role: 'dev' }, devPassword);
  logins.push({ role: 'dev', email: devEmail, password: options.adminPassword ? null : devPassword });

  if (!(await readSettingsRow(db))) await db.insert(settings).values(DEFAULT_SETTINGS);
  if (!options.demo) return logins;

  const levelIds = await db
    .insert(levels)
    .values([
      { name: 'Bronze', blast_fee: 100, requirement_blast: 0 },
      { name: 'Silver', blast_fee: 150, requirement_blast: 500 },
      { name: 'Gold', blast_fee: 200, requirement_blast: 2000 },
    ])
    .returning({ id: levels.id });

  const people: { firstname: string; lastname: string; email: string; role: Role }[] = [
    { firstname: 'Admin', lastname: 'Sewablast', email: 'admin@sewablast.local', role: 'admin' },
    { firstname: 'Sari', lastname: 'Staf', email: 'staff@sewablast.local', role: 'staff' },
  ];
  for (const person of people) {
    const password = randomPassword();
    await insertUser(db, person, password);
    logins.push({ role: person.role, email: person.email, password });
  }
  const referrerPassword = randomPassword();
  const referrerId = await insertUser(
    db,
    {
      firstname: 'Budi',
      lastname: 'Santoso',
      email: 'budi@sewablast.local',
      role: 'member',
      level_id: levelIds[0]?.id,
    },
    referrerPassword,
  );
  logins.push({ role: 'member', email: 'budi@sewablast.local', password: referrerPassword });
  const referredPassword = randomPassword();
  await insertUser(
    db,
    {
      firstname: 'Siti',
      lastname: 'Rahayu',
      email: 'siti@sewablast.local',
      role: 'member',
      referred_by: referrerId,
      level_id: levelIds[0]?.id,
    },
    referredPassword,
  );
  logins.push({ role: 'member', email: 'siti@sewablast.local', password: referredPassword });

  const names = ['Andi', 'Bayu', 'Citra', 'Dewi', 'Eko', 'Fajar', 'Gita', 'Hadi', 'Indah', 'Joko'];
  await db.insert(phoneNumbers).values(
    Array.from({ length: 50 }, (_, i) => ({
      number: `62812${String(10_000_000 + i * 7919).padStart(8, '0')}`,
      name: `${names[i % names.length]} ${Math.floor(i / names.length) + 1}`,
      source: 'manual',
    })),
  );
  await db
    .insert(proxies)
    .values(Array.from({ length: 5 }, (_, i) => ({ value: `socks5://demo:demo@proxy${i + 1}.sewablast.local:1080` })));
  await db.insert(messageTemplates).values([
    {
      text: '<p>Halo <strong>{name}</strong>, ada promo spesial untuk nomor {phoneNumber} hari ini!</p>',
      text_wa: 'Halo *{name}*, ada promo spesial untuk nomor {phoneNumber} hari ini!',
    },
    {
      text: '<p>Selamat pagi {name}! <em>Jangan lewatkan</em> penawaran terbaru kami.</p>',
      text_wa: 'Selamat pagi {name}! _Jangan lewatkan_ penawaran terbaru kami.',
      buttons: [{ id: '1', title: 'Berhenti', url: 'STOP', type: 'stop_button' }],
    },
    {
      text: '<p>Hai {name}, terima kasih sudah menjadi pelanggan setia.</p>',
      text_wa: 'Hai {name}, terima kasih sudah menjadi pelanggan setia.',
      buttons: [{ id: '1', title: 'Kunjungi kami', url: 'https://sewablast.local', type: 'url_button' }],
    },
  ]);
  return logins;
}
