/** The link screen's choice between a QR code and a pairing code (spec part 1 §2 Add WhatsApp). */
import { clsx } from 'clsx';
import { QrCode, Smartphone } from 'lucide-react';

export type LinkMode = 'qr' | 'number';

const MODES = [
  ['qr', 'Login dengan QR Code', QrCode],
  ['number', 'Login dengan Nomor', Smartphone],
] as const;

export function LinkModeTabs({
  mode,
  disabled,
  onMode,
}: {
  mode: LinkMode;
  disabled: boolean;
  onMode: (mode: LinkMode) => void;
}) {
  return (
    // Side by side, the labels would wrap to three lines on a phone: there they stack, one line each.
    <div
      className="grid grid-cols-1 gap-1 rounded-lg bg-slate-100 p-1 sm:grid-cols-2 sm:gap-2 dark:bg-slate-800"
      role="tablist"
    >
      {MODES.map(([value, label, Icon]) => (
        <button
          key={value}
          type="button"
          role="tab"
          aria-selected={mode === value}
          disabled={disabled}
          onClick={() => onMode(value)}
          className={clsx(
            'flex items-center justify-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm font-semibold transition disabled:cursor-not-allowed',
            mode === value
              ? 'bg-white text-brand-700 shadow-sm dark:bg-slate-900 dark:text-brand-500'
              : 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
          )}
        >
          <Icon size={16} className="shrink-0" /> {label}
        </button>
      ))}
    </div>
  );
}
