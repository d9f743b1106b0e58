/**
 * The template form shared by create and edit (spec part 2 §2, §5): caption, media, buttons and, when
 * editing, the status. Buttons are checked with the spec's rules before anything is sent.
 */
import { checkButtons, type TButton, type TMessage } from '@sewablast/contract/message';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { CheckboxField } from '../../../components/field.tsx';
import { ButtonsEditor, emptyButton } from './buttons-editor.tsx';
import { CaptionEditor } from './caption-editor.tsx';
import { MediaPreview } from './media-preview.tsx';

const MEDIA_ACCEPT = 'image/*,video/*,audio/*,application/pdf';
const MEDIA_MAX_BYTES = 16 * 1024 * 1024;

interface TemplateFormProps {
  initial?: TMessage;
  saving: boolean;
  serverError: string;
  onSubmit: (form: FormData) => void;
  onCancel: () => void;
}

export function TemplateForm({ initial, saving, serverError, onSubmit, onCancel }: TemplateFormProps) {
  const [text, setText] = useState(initial?.text ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [removeMedia, setRemoveMedia] = useState(false);
  const [buttons, setButtons] = useState<TButton[]>(initial?.button ?? []);
  const [active, setActive] = useState((initial?.status ?? 'active') === 'active');
  const [problem, setProblem] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkButtons(buttons);
    if (checked.error) {
      setProblem(checked.error);
      return;
    }
    const hasMedia = Boolean(file) || (Boolean(initial?.media) && !removeMedia);
    if (!text.trim() && !hasMedia) {
      setProblem('Caption atau media wajib diisi.');
      return;
    }
    if (file && file.size > MEDIA_MAX_BYTES) {
      setProblem('Media maksimal 16 MB.');
      return;
    }
    setProblem('');
    const form = new FormData();
    form.append('text', text);
    if (checked.buttons.length) form.append('button', JSON.stringify(checked.buttons));
    form.append('status', initial ? (active ? 'active' : 'nonactive') : 'active');
    if (removeMedia && !file) form.append('remove_media', '1');
    if (file) form.append('file', file);
    onSubmit(form);
  }

  const error = problem || serverError;
  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      {error && <Alert tone="error">{error}</Alert>}
      <div>
        <span className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300">Caption</span>
        <CaptionEditor value={text} onChange={setText} />
        <p className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
          Gunakan <code>{'{name}'}</code> dan <code>{'{phoneNumber}'}</code> untuk nama dan nomor penerima.
        </p>
      </div>

      <div>
        <label htmlFor="template-media" className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300">
          Media (gambar, video, audio atau PDF, maks. 16 MB)
        </label>
        {initial?.media && !removeMedia && !file && (
          <div className="mb-3 flex items-center gap-3">
            <MediaPreview url={initial.media} name={initial.media_name} />
            <span className="text-sm text-slate-600 dark:text-slate-400">{initial.media_name}</span>
            <button
              type="button"
              onClick={() => setRemoveMedia(true)}
              className="text-sm font-medium text-red-600 hover:underline"
            >
              Hapus media
            </button>
          </div>
        )}
        <input
          id="template-media"
          type="file"
          accept={MEDIA_ACCEPT}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100 dark:text-slate-400 dark:file:bg-brand-600/20 dark:file:text-brand-500"
        />
      </div>

      <div>
        <div className="mb-3 flex items-center justify-between gap-3">
          <span className="text-sm font-medium text-slate-700 dark:text-slate-300">Button</span>
          <CheckboxField
            label="Gunakan button"
            checked={buttons.length > 0}
            onChange={(event) => setButtons(event.target.checked ? [0, 1, 2].map(emptyButton) : [])}
          />
        </div>
        {buttons.length > 0 && <ButtonsEditor buttons={buttons} onChange={setButtons} />}
      </div>

      {initial && (
        <CheckboxField label="Aktif" checked={active} onChange={(event) => setActive(event.target.checked)} />
      )}

      <div className="flex gap-3">
        <Button type="submit" loading={saving}>
          {saving ? 'Menyimpan...' : 'Simpan'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Batal
        </Button>
      </div>
    </form>
  );
}
