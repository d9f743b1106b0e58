/**
 * A template's figures on the list: sent, failed, delivered, read, replied and STOP for all its variants,
 * and, folded, per variant with how much less the engine now picks one whose failures or STOPs stand out.
 */
import type { TMessage, TVariantFigures } from '@sewablast/contract/message';
import { formatNumber } from '../../../lib/format.ts';

const LABELS: [keyof TVariantFigures, string][] = [
  ['sent', 'Terkirim'],
  ['failed', 'Gagal'],
  ['delivered', 'Diterima'],
  ['read', 'Dibaca'],
  ['replied', 'Dibalas'],
  ['stopped', 'STOP'],
];

function Figures({ figures }: { figures: TVariantFigures }) {
  return (
    <dl className="grid grid-cols-[auto_auto] gap-x-3 gap-y-0.5 text-xs sm:grid-cols-[auto_auto_auto_auto]">
      {LABELS.map(([name, label]) => (
        <div key={name} className="contents">
          <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
          <dd className="text-right font-medium tabular-nums">{formatNumber(figures[name])}</dd>
        </div>
      ))}
    </dl>
  );
}

export function TemplateFigures({ message }: { message: TMessage }) {
  return (
    <div className="min-w-44 space-y-2">
      <Figures figures={message.figures} />
      {message.variants.length > 1 && (
        <details className="text-xs">
          <summary className="cursor-pointer font-semibold text-brand-600">{message.variants.length} varian</summary>
          <ul className="mt-2 space-y-2">
            {message.variants.map((variant) => (
              <li key={variant.variant} className="rounded-md border border-slate-200 p-2 dark:border-slate-700">
                <p className="mb-1 line-clamp-2 break-words text-slate-700 dark:text-slate-200">
                  {variant.text ?? `Varian ${variant.variant}`}
                </p>
                <Figures figures={variant} />
                {variant.weight < 1 && (
                  <p className="mt-1 text-amber-700 dark:text-amber-400">
                    Dikirim lebih jarang: {Math.round(variant.weight * 100)}% dari varian lain
                  </p>
                )}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
