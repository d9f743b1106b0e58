/**
 * Sewablast's backup file (`npm run backup`), one gzip stream:
 *
 *   SEWABLAST-DUMP 1
 *   {header: the migrations applied, each table's columns in load order, the sequences}
 *   COPY <table>
 *   <the table's rows in COPY's text format, one a line>
 *   \.
 *   ... (each table in the header's order)
 *   END
 *
 * The schema is not in the file: it is the migrations, which restore applies to the empty database
 * before loading the rows. COPY's text format escapes newlines and backslashes inside values, so a row is
 * one line and no row reads `\.`.
 */

export const MAGIC = 'SEWABLAST-DUMP 1';
export const TABLE_END = '\\.';
export const DUMP_END = 'END';

export interface DumpHeader {
  createdAt: string;
  /** `select version()` of the database dumped. */
  server: string;
  /** drizzle's record of the migrations applied, oldest first. */
  migrations: { hash: string; created_at: string }[];
  /** In an order that loads every referenced row before the rows that reference it. */
  tables: { name: string; columns: string[] }[];
  /** Values of the sequences that had handed out a number. */
  sequences: { name: string; value: string }[];
  /** DATA_DIR's generated JWT signing key (no JWT_SECRET set): the two-factor secrets are sealed with it. */
  jwtSecret?: string;
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
