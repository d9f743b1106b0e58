// How long a browser-test file waits for its server (issue 21): a server on a PostgreSQL of its own that it
// initialises, starts and migrates (the embedded default, as every e2e file did before), beside a server on
// a copy of a migrated template database on the one PostgreSQL of the run (apps/server/test/run-database.ts),
// alternately, ROUNDS times each. Budget: the e2e stage's share of CI's 15 minutes; 32 files start one server each.
import { copyTemplate, startRunDatabase } from '../apps/server/test/run-database.ts';
import { startServer } from '../e2e/harness.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const run = await startRunDatabase('sewablast_bench');
const times = { embedded: [], template: [] };

async function timed(kind, start) {
  const began = performance.now();
  const server = await start();
  times[kind].push(performance.now() - began);
  await server.stop();
}

try {
  for (let round = 0; round < ROUNDS; round++) {
    await timed('embedded', () => startServer({}, 'embedded'));
    await timed('template', async () => {
      const copy = await copyTemplate(run, 'sewablast_bench');
      const server = await startServer({ DATABASE_URL: copy.url }, 'embedded');
      return { stop: () => server.stop().then(copy.drop) };
    });
  }
} finally {
  await run.stop();
}
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
for (const [kind, list] of Object.entries(times)) {
  console.log(
    `${kind.padEnd(9)} start to healthy: median ${(median(list) / 1000).toFixed(2)} s  (${list.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s)`,
  );
}
console.log(
  `saved per e2e file: ${((median(times.embedded) - median(times.template)) / 1000).toFixed(2)} s; over 32 files: ` +
    `${((32 * (median(times.embedded) - median(times.template))) / 1000).toFixed(0)} s of the 900 s CI budget`,
);
