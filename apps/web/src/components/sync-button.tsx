/** Re-reads a list from the server, saying 'Menyinkronkan data...' while it does (spec part 2 §2). */
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';

const SYNC_DELAY_MS = 1000;

export function SyncButton({ onSync }: { onSync: () => Promise<unknown> }) {
  const [syncing, setSyncing] = useState(false);
  return (
    <button
      type="button"
      disabled={syncing}
      onClick={async () => {
        setSyncing(true);
        await new Promise((resolve) => setTimeout(resolve, SYNC_DELAY_MS));
        await onSync().finally(() => setSyncing(false));
      }}
      className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-70 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      <RefreshCw size={18} className={syncing ? 'animate-spin' : ''} />
      {syncing ? 'Menyinkronkan data...' : <span className="sr-only">Sinkronkan</span>}
    </button>
  );
}
