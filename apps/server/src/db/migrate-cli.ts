/** `npm run db:migrate`: apply the migrations to DATABASE_URL, or to the embedded database in DATA_DIR. */
import { join } from 'node:path';
import { parseConfig } from '../config.ts';
import { openDatabase } from './client.ts';

const config = parseConfig(process.env);
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: join(config.DATA_DIR, 'pg') });
await database.migrate();
await database.close();
process.stdout.write(`Migrations applied to the ${config.db} database.\n`);
