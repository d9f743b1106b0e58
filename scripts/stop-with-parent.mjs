// `npm start` runs the server as `sh -c "node scripts/start.mjs"`. A SIGTERM to npm (`kill`, a container's
// stop) reaches that shell, which ends without passing it on: the server would run on alone, holding ./data
// and its PostgreSQL. Its parent gone, the server stops as on a SIGTERM of its own.
export function stopWithParent(every = 250) {
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    process.kill(process.pid, 'SIGTERM');
  }, every);
  watch.unref();
}
