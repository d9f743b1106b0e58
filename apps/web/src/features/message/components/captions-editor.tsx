/**
 * A template's further captions, plain WhatsApp text each: every send picks one of them or the caption
 * above, then an option of each `{a|b}` choice in it (contract variants.ts).
 */
import { MAX_CAPTIONS } from '@sewablast/contract/variants';
import { Plus, Trash2 } from 'lucide-react';
import { inputClass } from '../../../components/field.tsx';

interface CaptionsEditorProps {
  captions: string[];
  onChange: (captions: string[]) => void;
  invalid: boolean;
}

export function CaptionsEditor({ captions, onChange, invalid }: CaptionsEditorProps) {
  return (
    <div className="space-y-3">
      {captions.map((caption, index) => (
        // Captions have no id of their own; their place is what the form and the server name them by.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div key={index} className="flex items-start gap-2">
          <textarea
            aria-label={`Caption tambahan ${index + 1}`}
            rows={3}
            value={caption}
            placeholder="{Halo|Hai} {name}, ..."
            onChange={(event) => onChange(captions.map((text, at) => (at === index ? event.target.value : text)))}
            className={`${inputClass(invalid)} min-w-0 flex-1`}
          />
          <button
            type="button"
            aria-label={`Hapus caption tambahan ${index + 1}`}
            onClick={() => onChange(captions.filter((_, at) => at !== index))}
            className="rounded-lg p-2 text-slate-500 hover:bg-red-50 hover:text-red-600 dark:hover:bg-red-950/50"
          >
            <Trash2 size={18} />
          </button>
        </div>
      ))}
      {captions.length < MAX_CAPTIONS - 1 && (
        <button
          type="button"
          onClick={() => onChange([...captions, ''])}
          className="inline-flex items-center gap-2 text-sm font-semibold text-brand-600 hover:underline"
        >
          <Plus size={16} /> Tambah Caption
        </button>
      )}
    </div>
  );
}
