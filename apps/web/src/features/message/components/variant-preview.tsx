/** A few picks of the template's variants as the engine would make them, drawn again on request. */
import { checkCaptions, parseCaptions, pickVariant } from '@sewablast/contract/variants';
import { Shuffle } from 'lucide-react';
import { useMemo, useState } from 'react';

const PICKS = 3;

export function VariantPreview({ texts }: { texts: string[] }) {
  const [draw, setDraw] = useState(0);
  const filled = texts.filter((text) => text.trim());
  const key = JSON.stringify(filled);
  const picks = useMemo(() => {
    const captions: string[] = JSON.parse(key);
    if (captions.length === 0 || checkCaptions(captions)) return [];
    const parsed = parseCaptions(captions);
    if (parsed.length === 1 && parsed[0]?.groups === 0) return [];
    return Array.from({ length: PICKS }, (_, at) => ({
      id: `${draw}:${at}`,
      text: pickVariant(parsed, Math.random).text,
    }));
  }, [key, draw]);
  if (picks.length === 0) return null;
  return (
    <section
      aria-labelledby="variant-preview-label"
      className="rounded-lg border border-slate-200 p-3 dark:border-slate-700"
    >
      <div className="mb-2 flex items-center justify-between gap-3">
        <h3 id="variant-preview-label" className="text-sm font-medium text-slate-700 dark:text-slate-300">
          Contoh pesan terkirim
        </h3>
        <button
          type="button"
          onClick={() => setDraw((value) => value + 1)}
          className="inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap text-sm font-semibold text-brand-600 hover:underline"
        >
          <Shuffle size={16} /> Acak ulang
        </button>
      </div>
      <ol className="space-y-2">
        {picks.map(({ id, text }) => (
          <li
            key={id}
            className="whitespace-pre-wrap break-words rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200"
          >
            {text}
          </li>
        ))}
      </ol>
    </section>
  );
}
