import { sql } from 'drizzle-orm';
import { openDatabase } from '/work/main/apps/server/src/db/client.ts';
import { phoneNumbers } from '/work/main/apps/server/src/db/schema.ts';
const ROWS = Number(process.env.ROWS ?? 200_000);
const BATCH = Number(process.env.BATCH ?? 1000);
const database = await openDatabase(process.env.PG ? { url: process.env.PG } : { dataDir: process.env.DIR });
await database.migrate();
const db = database.db;
await db.execute(sql`truncate phone_numbers cascade`);
const t = performance.now();
let created = 0;
for (let i = 0; i < ROWS; i += BATCH) {
  const numbers: string[] = []; const names: string[] = [];
  for (let j = i; j < i + BATCH; j++) { numbers.push(`62812${String(j).padStart(8, '0')}`); names.push(`Nama ${j}`); }
  const inserted = db.$with('inserted', { number: sql<string>`number`.as('number') }).as(
    sql`insert into ${phoneNumbers} (number, name, source)
        select * , 'import' from unnest(${numbers}::varchar[], ${names}::varchar[])
        on conflict (number) do nothing returning number`);
  const rows = await db.with(inserted).select({ number: inserted.number }).from(inserted);
  created += rows.length;
  if (i === 0) console.log(rows.slice(0, 2));
}
console.log('created', created, ((performance.now() - t) / 1000).toFixed(2), 's');
await database.close();
