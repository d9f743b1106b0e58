/** `npm run db:migrate`: apply the migrations to DATABASE_URL, or to the embedded database in DATA_DIR. */
import { parseConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { withDatabaseUrl } from './embedded/default-database.ts';

const config = parseConfig(process.env);
await withDatabaseUrl(config, console.log, async (url) => {
  const database = await openDatabase({ url });
  await database.migrate();
  await database.close();
});
process.stdout.write(`Migrations applied to the ${config.db} database.\n`);
