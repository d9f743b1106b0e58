/**
 * The template's buttons: title, URL and type per row. The second field is the URL whatever the type (the
 * spec's messages name it so); its placeholder shows what a URL of that type looks like.
 */
import { BUTTON_TYPES, type TButton } from '@sewablast/contract/message';
import { Plus, Trash2 } from 'lucide-react';
import { inputClass } from '../../../components/field.tsx';

const TYPE_LABELS: Record<TButton['type'], string> = {
  reply_button: 'Balasan (reply)',
  call_button: 'Telepon (call)',
  url_button: 'Tautan (url)',
  stop_button: 'Berhenti (stop)',
};

const URL_PLACEHOLDER: Record<TButton['type'], string> = {
  reply_button: 'URL',
  call_button: '+6281234567890',
  url_button: 'https://...',
  stop_button: 'STOP',
};

export const emptyButton = (index: number): TButton => ({
  id: String(index + 1),
  title: '',
  url: '',
  type: 'reply_button',
});

export function ButtonsEditor({ buttons, onChange }: { buttons: TButton[]; onChange: (buttons: TButton[]) => void }) {
  const update = (index: number, patch: Partial<TButton>) =>
    onChange(buttons.map((button, at) => (at === index ? { ...button, ...patch } : button)));
  return (
    <div className="space-y-3">
      {buttons.map((button, index) => (
        <div
          key={button.id}
          className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_10rem_auto] dark:border-slate-700"
        >
          <input
            aria-label={`Judul button ${index + 1}`}
            placeholder="Judul"
            value={button.title}
            onChange={(event) => update(index, { title: event.target.value })}
            className={inputClass(false)}
          />
          <input
            aria-label={`URL button ${index + 1}`}
            placeholder={URL_PLACEHOLDER[button.type]}
            value={button.url}
            onChange={(event) => update(index, { url: event.target.value })}
            className={inputClass(false)}
          />
          <select
            aria-label={`Tipe button ${index + 1}`}
            value={button.type}
            onChange={(event) => update(index, { type: event.target.value as TButton['type'] })}
            className={inputClass(false)}
          >
            {BUTTON_TYPES.map((type) => (
              <option key={type} value={type}>
                {TYPE_LABELS[type]}
              </option>
            ))}
          </select>
          <button
            type="button"
            aria-label={`Hapus button ${index + 1}`}
            onClick={() => onChange(buttons.filter((_, at) => at !== index))}
            className="justify-self-end rounded-lg p-2 text-slate-500 hover:bg-red-50 hover:text-red-600 dark:hover:bg-red-950/50"
          >
            <Trash2 size={18} />
          </button>
        </div>
      ))}
      <button
        type="button"
        onClick={() =>
          onChange([...buttons, emptyButton(Math.max(0, ...buttons.map((button) => Number(button.id) || 0)))])
        }
        className="inline-flex items-center gap-2 text-sm font-semibold text-brand-600 hover:underline"
      >
        <Plus size={16} /> Tambah Button
      </button>
    </div>
  );
}
