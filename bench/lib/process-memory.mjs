// The memory of a process and everything it started (the server and its embedded PostgreSQL's postmaster with
// the postmaster's children), from /proc/<pid>/smaps_rollup: RSS counts every page a process maps, shared ones
// included, once per process; PSS divides each shared page among the processes that map it, so PSS summed over
// processes is what the machine gives up, and RSS summed over-counts PostgreSQL's shared buffers and binary.
import { readdirSync, readFileSync } from 'node:fs';
import { verdict } from './server.mjs';

function parentOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/** `root` and its descendants, by their parents' pids in /proc. */
export function processTree(root) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = parentOf(entry);
    if (parent === null) continue;
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const tree = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift();
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** RSS and PSS of one process in KB, or null when it has gone meanwhile. */
function rollupOf(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);
    return { rss: field('Rss'), pss: field('Pss') };
  } catch {
    return null;
  }
}

/** The server (`root`) and the processes below it, in MB: {server, database, total} each {rss, pss}, and how many database processes. */
export function installMemory(root) {
  const sum = { server: { rss: 0, pss: 0 }, database: { rss: 0, pss: 0 }, processes: 0 };
  for (const pid of processTree(root)) {
    const rollup = rollupOf(pid);
    if (!rollup) continue;
    const part = pid === root ? sum.server : sum.database;
    part.rss += rollup.rss / 1024;
    part.pss += rollup.pss / 1024;
    if (pid !== root) sum.processes += 1;
  }
  return {
    ...sum,
    total: { rss: sum.server.rss + sum.database.rss, pss: sum.server.pss + sum.database.pss },
  };
}

/** Samples installMemory(root) every `ms` until stopped: answers {stop(): samples}. */
export function sampleMemory(root, ms = 1000) {
  const samples = [installMemory(root)];
  const timer = setInterval(() => samples.push(installMemory(root)), ms);
  return {
    stop() {
      clearInterval(timer);
      samples.push(installMemory(root));
      return samples;
    },
  };
}

/** The sample with the largest total PSS, and the median of each figure over the samples (the steady state). */
export function peakAndSteady(samples) {
  const peak = samples.reduce((best, sample) => (sample.total.pss > best.total.pss ? sample : best));
  const median = (pick) => {
    const values = samples.map(pick).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)];
  };
  const steady = {
    server: { rss: median((s) => s.server.rss), pss: median((s) => s.server.pss) },
    database: { rss: median((s) => s.database.rss), pss: median((s) => s.database.pss) },
    total: { rss: median((s) => s.total.rss), pss: median((s) => s.total.pss) },
    processes: median((s) => s.processes),
  };
  return { peak, steady };
}

/**
 * One line: the total PSS against `budgetMb`, the verdict (docs/decisions.md, "Memory: PSS is the budget's
 * measure"), then the RSS summed over the processes against the same budget, DESIGN §10's measure as it is
 * worded, with its own verdict; then the server's and the database's.
 */
export function describe(label, sample, budgetMb) {
  const mb = (value) => value.toFixed(0);
  return (
    `${label}: PSS ${mb(sample.total.pss)} MB against ${budgetMb} MB: ${verdict(sample.total.pss, budgetMb)} (the verdict); ` +
    `RSS summed ${mb(sample.total.rss)} MB against ${budgetMb} MB RSS as DESIGN words it: ${verdict(sample.total.rss, budgetMb)}  ` +
    `server PSS ${mb(sample.server.pss)} / RSS ${mb(sample.server.rss)} MB  ` +
    `PostgreSQL (${sample.processes} processes) PSS ${mb(sample.database.pss)} / RSS ${mb(sample.database.rss)} MB`
  );
}
