/**
 * The import's writer (modules/phonenumber/import-copy.ts): COPY into a staging table, then one move into the
 * list, answering every row of the file in file order.
 */
import { PHONE_TEXT, type TPhoneImportResponse } from '@sewablast/contract/phonenumber';
import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneNumbers } from '../src/db/schema.ts';
import { buildTestApp, type TestApp } from './harness.ts';
import { multipartBody } from './multipart.ts';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['loginAs']>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.loginAs('admin');
});
afterAll(() => t.close());

async function upload(content: string) {
  const body = await multipartBody({}, { name: 'numbers.csv', bytes: content });
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/phonenumber/import',
    payload: body.payload,
    headers: { ...admin.headers, 'content-type': body.contentType },
  });
}

const listed = async (prefix: string) =>
  (
    await t.db
      .select()
      .from(phoneNumbers)
      .where(like(phoneNumbers.number, `${prefix}%`))
  ).length;

/**
 * A file mixing every kind of row, its numbers under `prefix` (9 digits after 62), two of them listed before
 * it, and the answer it must get: the skipped rows in file order, whoever found them.
 */
async function mixedFile(prefix: string): Promise<{ csv: string; expected: TPhoneImportResponse }> {
  const n = (i: number) => `${prefix}${String(i).padStart(4, '0')}`;
  await t.db.insert(phoneNumbers).values([
    { number: n(2), name: 'Sudah Ada' },
    { number: n(6), name: 'Sudah Ada Juga' },
  ]);
  const local = (i: number) => `0${n(i).slice(2)}`;
  const csv = [
    'nomor,nama',
    `${n(1)},Baru Satu`,
    `${n(2)},Terdaftar`,
    'bukan nomor,"Rusak, ""sekali"""',
    `${local(1)},Ganda Satu`,
    `${n(3)},"Nama, dengan ""kutip"""`,
    `${local(6)},Terdaftar Lokal`,
    `${n(4)},`,
    `${n(3)},Ganda Tiga`,
  ].join('\n');
  return {
    csv,
    expected: {
      created: 3,
      skippedTotal: 5,
      skipped: [
        { number: n(2), name: 'Terdaftar', reason: PHONE_TEXT.taken },
        { number: 'bukan nomor', name: 'Rusak, "sekali"', reason: PHONE_TEXT.invalid },
        { number: local(1), name: 'Ganda Satu', reason: PHONE_TEXT.duplicateInFile },
        { number: local(6), name: 'Terdaftar Lokal', reason: PHONE_TEXT.taken },
        { number: n(3), name: 'Ganda Tiga', reason: PHONE_TEXT.duplicateInFile },
      ],
      reportId: null,
    },
  };
}

describe('the phone number import writer', () => {
  it('reports new, listed, duplicated and bad rows exactly, in file order', async () => {
    const { csv, expected } = await mixedFile('62813700');
    const res = await upload(csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expected);
    expect(await listed('62813700')).toBe(5);
    const [quoted] = await t.db.select().from(phoneNumbers).where(like(phoneNumbers.number, '628137000003'));
    expect(quoted).toMatchObject({ name: 'Nama, dengan "kutip"', source: 'import' });
  });

  it('stores none of a file that breaks off mid-way', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => `${6281370200000 + i},Sebelum`);
    const res = await upload(`${rows.join('\n')}\n"tidak ditutup,Rusak\n6281370299999,Sesudah\n`);
    expect(res.statusCode).toBe(400);
    expect(await listed('62813702')).toBe(0);
  });

  it('reports a number listed by another writer during the move as listed, and stores the rest', async () => {
    // While the file's first number goes in, a trigger lists its third as another writer would: the plain
    // insert then meets a duplicate key, and the move runs again around it.
    await t.db.execute(sql`create function list_meanwhile() returns trigger language plpgsql as $$
      begin
        if new.number = '628137030001' then
          insert into phone_numbers (number, name) values ('628137030003', 'Penulis Lain');
        end if;
        return new;
      end $$`);
    await t.db.execute(
      sql`create trigger list_meanwhile before insert on phone_numbers for each row execute function list_meanwhile()`,
    );
    try {
      const res = await upload('628137030001,Satu\n628137030002,Dua\n628137030003,Tiga\n628137030004,Empat\n');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        created: 3,
        skippedTotal: 1,
        skipped: [{ number: '628137030003', name: 'Tiga', reason: PHONE_TEXT.taken }],
        reportId: null,
      });
      const [other] = await t.db.select().from(phoneNumbers).where(like(phoneNumbers.number, '628137030003'));
      expect(other).toMatchObject({ name: 'Penulis Lain', source: 'manual' });
      expect(await listed('62813703')).toBe(4);
    } finally {
      await t.db.execute(sql`drop trigger list_meanwhile on phone_numbers; drop function list_meanwhile()`);
    }
  });
});
