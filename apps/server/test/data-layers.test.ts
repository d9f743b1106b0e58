/**
 * The data rules of DESIGN §2, checked over the server's source text: only `ledger/` writes money rows, and an
 * area reaches another's rows through its service, never its table (the import graph's rules: layers.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { readSource, sourceFiles } from './source-tree.ts';

/** The rows that hold money (DESIGN §2: only `ledger/` writes them), by their schema names and table names. */
const MONEY_TABLES = ['ledgerEntries', 'bonuses', 'withdrawals', 'ledger_entries'];

/**
 * Each write of a money row in a file's text: a query builder's insert, update or delete of the table, or SQL
 * that writes it by name (`${ledgerEntries}` included). Reading them is any layer's to do.
 */
function moneyWritesOf(source: string): string[] {
  const table = `(?:${MONEY_TABLES.join('|')})`;
  const builder = new RegExp(`\\.(?:insert|update|delete)\\(\\s*${table}\\s*\\)`, 'g');
  const statement = new RegExp(`\\b(?:insert\\s+into|update|delete\\s+from)\\s+(?:\\$\\{)?"?${table}\\b`, 'gi');
  return [...source.matchAll(builder), ...source.matchAll(statement)].map(([found]) => found);
}

/**
 * The areas whose module keeps each table of db/schema.ts (DESIGN §2: another area reaches it through their
 * service, never the table). Identity is the users' and auth's; a job's tables are its kind's and the shared
 * jobs module's. Tables no area keeps (the engine's, the ledger's, the http layer's) are not listed.
 */
const TABLE_AREAS: Record<string, string[]> = {
  users: ['users', 'auth'],
  ...Object.fromEntries(
    [
      'emailConfirmations',
      'loginChallenges',
      'passwordResets',
      'recoveryCodes',
      'rememberedDevices',
      'userSessions',
    ].map((table) => [table, ['auth']]),
  ),
  levels: ['level'],
  settings: ['setting'],
  ...Object.fromEntries(
    ['files', 'fileChunks', 'importReports', 'importReportParts'].map((table) => [table, ['file']]),
  ),
  proxies: ['proxy'],
  whatsappAccounts: ['whatsapp'],
  phoneNumbers: ['phonenumber'],
  messageTemplates: ['message'],
  templateVariantStats: ['message'],
  messageLogs: ['messagelog'],
  bonuses: ['bonus'],
  withdrawals: ['withdraw'],
  withdrawalEvents: ['withdraw'],
  generators: ['generator', 'jobs'],
  generatorResults: ['generator', 'jobs'],
  validators: ['validator', 'jobs'],
  validatorResults: ['validator', 'jobs'],
  auditLog: ['audit'],
};

/** The tables a file imports from db/schema.ts as values (a type-only import reads no rows). */
function schemaTablesOf(source: string): string[] {
  const clauses = source.matchAll(/^\s*import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"][./]*db\/schema\.ts['"]/gm);
  return [...clauses].flatMap(([, typeOnly, names]) =>
    typeOnly
      ? []
      : (names ?? '')
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name && !name.startsWith('type ')),
  );
}

describe('the data rules of DESIGN §2', () => {
  it('finds a write of money rows however it is written', () => {
    const source = [
      'await tx.insert(ledgerEntries).values(entry);',
      'db.update( withdrawals ).set({ status });',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a template's source text, as a file holds it
      'sql`insert into ${ledgerEntries} (user_id) select 1`;',
      "client.query('DELETE FROM bonuses WHERE id = $1');",
      'db.select().from(ledgerEntries);',
      'db.update(whatsappAccounts).set({ income: 0 });',
    ].join('\n');
    expect(moneyWritesOf(source)).toEqual([
      '.insert(ledgerEntries)',
      '.update( withdrawals )',
      'insert into ${ledgerEntries',
      'DELETE FROM bonuses',
    ]);
  });

  it('has only ledger/ write money rows', () => {
    const writes: string[] = [];
    for (const file of sourceFiles('apps/server/src')) {
      if (file.startsWith('apps/server/src/ledger/') || file.endsWith('.test.ts')) continue;
      for (const found of moneyWritesOf(readSource(file))) writes.push(`${file}: ${found}`);
    }
    expect(writes).toEqual([]);
  });

  it('reads the tables a module imports as values', () => {
    const source = [
      "import { and, eq } from 'drizzle-orm';",
      "import {\n  users,\n  type bonuses,\n  whatsappAccounts,\n} from '../../db/schema.ts';",
      "import type { levels } from '../../db/schema.ts';",
    ].join('\n');
    expect(schemaTablesOf(source)).toEqual(['users', 'whatsappAccounts']);
  });

  it("has no module read another area's table", () => {
    const across = new Set<string>();
    for (const file of sourceFiles('apps/server/src/modules')) {
      const area = /^apps\/server\/src\/modules\/([^/]+)\//.exec(file)?.[1];
      if (!area || file.endsWith('.test.ts')) continue;
      for (const table of schemaTablesOf(readSource(file))) {
        const owners = TABLE_AREAS[table];
        if (owners && !owners.includes(area)) across.add(`${area}: ${table}`);
      }
    }
    expect([...across].sort()).toEqual([]);
  });
});
