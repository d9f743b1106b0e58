/**
 * The PostgreSQL writer of a phone-number import: every row, skipped or not, streams through
 * `COPY … FROM STDIN` into a temporary staging table on a connection of the import's own, while the file is
 * still being read; then one transaction marks the numbers already listed and moves the rest into the list in
 * file order, and the skipped rows come back in file order through `COPY … TO STDOUT` into the report. The
 * server holds a screenful of rows at a time, however large the file, and the list gets the whole file or
 * none of it.
 */
import { once } from 'node:events';
import { pipeline } from 'node:stream';
import { finished } from 'node:stream/promises';
import { parse } from 'csv-parse';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { ImportCandidate, PhoneImportWriter, SkipReport } from './import-writer.ts';
import { TAKEN } from './import-writer.ts';

/** Rows gathered into one write to the COPY stream: a write per row would cost more than the row. */
const ROWS_PER_WRITE = 500;
/** Skipped rows read back between two settlements of the report, which then writes them out. */
const ROWS_PER_SETTLE = 10_000;
/**
 * Enough for the move's and the read-back's sorts of a file the size IMPORT_MAX_MB allows to stay in memory
 * (on disk they took seconds), for this connection only and until the import ends.
 */
const WORK_MEM = '256MB';
/** PostgreSQL's code for a duplicate key. */
const UNIQUE_VIOLATION = '23505';
/** Temporary, so each import's connection sees its own; `shown` is null when the file wrote the number as stored. */
const CREATE_STAGING = `create temporary table phone_import_staging (
  line integer not null,
  number text,
  name text not null,
  shown text,
  reason smallint
)`;

/** A CSV cell quoted, so that an empty text is told from null and a comma or line break stays inside. */
const quoted = (text: string) => `"${text.includes('"') ? text.replaceAll('"', '""') : text}"`;

export async function createCopyWriter(pool: pg.Pool, report: SkipReport): Promise<PhoneImportWriter> {
  const client = await pool.connect();
  let copy: ReturnType<typeof copyFrom>;
  let copied: Promise<void>;
  try {
    await client.query(CREATE_STAGING);
    await client.query(`set work_mem = '${WORK_MEM}'`);
    copy = client.query(
      copyFrom('copy phone_import_staging (line, number, name, shown, reason) from stdin (format csv)'),
    );
    copied = finished(copy);
    // A failed COPY is answered when the writer next waits on it; until then it must not count as unhandled.
    copied.catch(() => {});
  } catch (error) {
    client.release(true);
    throw error;
  }

  let released = false;
  const release = (broken: boolean) => {
    if (!released) client.release(broken);
    released = true;
  };

  let pending = '';
  let rows = 0;
  const send = async () => {
    const chunk = pending;
    pending = '';
    rows = 0;
    if (!copy.write(chunk)) await Promise.race([once(copy, 'drain'), copied]);
  };
  const stage = (line: string) => {
    pending += line;
    return ++rows >= ROWS_PER_WRITE ? send() : undefined;
  };

  /** The rows the move refused, with those skipped while reading, into the report in file order. */
  const readSkipped = async () => {
    const out = client.query(
      copyTo(`copy (select line, coalesce(shown, number), name, reason from phone_import_staging
        where reason is not null order by line) to stdout (format csv)`),
    );
    // pipeline, not pipe: a connection lost mid-read must fail the loop, not leave it waiting.
    const records = pipeline(out, parse(), () => {}) as AsyncIterable<string[]>;
    let count = 0;
    for await (const [line, shown, name, reason] of records) {
      report.skip(Number(line), [shown ?? '', name ?? '', Number(reason)]);
      if (++count % ROWS_PER_SETTLE === 0) await report.settle(Number(line) + 1);
    }
  };

  /**
   * The file's new numbers into the list, whole or not at all. The numbers listed before are marked first and
   * the rest go in by a plain insert: `on conflict` costs a speculative insertion per row, about a third of
   * the move. Only when another writer lists one of them meanwhile does the move run again with it, each
   * number it refused being known by what the insert did not return.
   */
  const move = async () => {
    await client.query('analyze phone_import_staging');
    await client.query('begin');
    try {
      // The trigram indexes take the rows into their pending lists, merged into the index whenever a list
      // passes its limit (4 MB), gathering the merge in work_mem (4 MB): a million rows made some hundred small
      // merges, and the indexes cost the move 1.6-1.8x. At 64 MB each it merges a sixteenth as often, in
      // bigger sorted runs (docs/performance.md); a search meanwhile reads at most 64 MB of list.
      await client.query(`set local gin_pending_list_limit = '64MB'`);
      await client.query(`set local work_mem = '64MB'`);
      await client.query(
        `update phone_import_staging staged set reason = $1 from phone_numbers listed
         where staged.reason is null and listed.number = staged.number`,
        [TAKEN],
      );
      await client.query('savepoint plain');
      let created: number;
      try {
        const inserted = await client.query(
          `insert into phone_numbers (number, name, source)
           select number, name, 'import' from phone_import_staging where reason is null order by line`,
        );
        created = inserted.rowCount ?? 0;
      } catch (error) {
        if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
        await client.query('rollback to savepoint plain');
        const moved = await client.query<{ created: string }>(
          `with moved as (
             insert into phone_numbers (number, name, source)
             select number, name, 'import' from phone_import_staging where reason is null order by line
             on conflict (number) do nothing
             returning number
           ), refused as (
             update phone_import_staging staged set reason = $1
             where staged.reason is null and not exists (select from moved where moved.number = staged.number)
           )
           select count(*) as created from moved`,
          [TAKEN],
        );
        created = Number(moved.rows[0]?.created ?? 0);
      }
      await client.query('commit');
      return created;
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    }
  };

  return {
    skip(line, [shown, name, reason]) {
      return stage(`${line},,${quoted(name)},${quoted(shown)},${reason}\n`);
    },
    add({ line, number, name, shown }: ImportCandidate) {
      return stage(`${line},${number},${quoted(name)},${shown === number ? '' : quoted(shown)},\n`);
    },
    async finish() {
      if (pending) await send();
      copy.end();
      await copied;
      const created = await move();
      await readSkipped();
      await client.query('drop table phone_import_staging; reset work_mem');
      release(false);
      return created;
    },
    async abort() {
      // Closing the connection ends a COPY under way and drops the staging table with it.
      release(true);
    },
  };
}
