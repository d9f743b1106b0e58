/**
 * The template form shared by create and edit (spec part 2 §2, §5): caption, media, buttons and, when
 * editing, the status. A refused save names its field, and the first error is focused below the header.
 */
import type { TMessage } from '@sewablast/contract/message';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '../../../components/button.tsx';
import { CheckboxField, FieldFrame, focusAtTop, SCROLL_MARGIN } from '../../../components/field.tsx';
import { FormAlert, StatusCheckbox, SubmitButton } from '../../../components/form.tsx';
import { useGuardedSubmit } from '../../../lib/form.ts';
import { ButtonsEditor, emptyButton } from './buttons-editor.tsx';
import { CaptionEditor } from './caption-editor.tsx';
import { CaptionsEditor } from './captions-editor.tsx';
import { MediaPreview } from './media-preview.tsx';
import { captionText, type TemplateValues, templateBody, templateResolver } from './template-values.ts';
import { VariantPreview } from './variant-preview.tsx';

const MEDIA_ACCEPT = 'image/*,video/*,audio/*,application/pdf';

interface TemplateFormProps {
  initial?: TMessage;
  /** Saves the multipart body; the page goes back once it resolves. */
  onSave: (form: FormData) => Promise<unknown>;
  onCancel: () => void;
}

export function TemplateForm({ initial, onSave, onCancel }: TemplateFormProps) {
  const form = useGuardedSubmit(
    useForm<TemplateValues>({
      resolver: templateResolver(Boolean(initial?.media)),
      defaultValues: {
        text: initial?.text ?? '',
        captions: initial?.captions ?? [],
        file: null,
        removeMedia: false,
        button: initial?.button ?? [],
        status: initial?.status ?? 'active',
      },
    }),
    { leavesOnSuccess: true },
  );
  const { control } = form;
  const [file, removeMedia, text, captions] = form.watch(['file', 'removeMedia', 'text', 'captions']);

  return (
    <form
      onSubmit={form.submitWith((values) => onSave(templateBody(values, Boolean(initial))))}
      noValidate
      className="space-y-6"
    >
      <FormAlert message={form.failure} />
      <Controller
        control={control}
        name="text"
        render={({ field, fieldState }) => (
          <FieldFrame
            label="Caption"
            errorId="template-caption-error"
            error={fieldState.error?.message}
            hint={
              <>
                Gunakan <code>{'{name}'}</code> dan <code>{'{phoneNumber}'}</code> untuk nama dan nomor penerima, dan{' '}
                <code>{'{Halo|Hai|Selamat siang}'}</code> agar tiap pesan memilih salah satu.
              </>
            }
          >
            <CaptionEditor
              value={field.value}
              onChange={field.onChange}
              invalid={Boolean(fieldState.error)}
              focusRef={field.ref}
            />
          </FieldFrame>
        )}
      />

      <Controller
        control={control}
        name="captions"
        render={({ field, fieldState }) => (
          <fieldset
            ref={(box) => field.ref(box && focusAtTop(box))}
            tabIndex={-1}
            aria-labelledby="template-captions-label"
            aria-describedby={fieldState.error ? 'template-captions-error' : undefined}
            className={`${SCROLL_MARGIN} min-w-0 space-y-3 focus:outline-none`}
          >
            <div>
              <span id="template-captions-label" className="text-sm font-medium text-slate-700 dark:text-slate-300">
                Caption tambahan
              </span>
              <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
                Tiap pengiriman memilih satu caption, sehingga tidak ada akun yang mengirim pesan yang sama
                terus-menerus.
              </p>
            </div>
            {fieldState.error && (
              <p id="template-captions-error" role="alert" className="text-sm text-red-600 dark:text-red-400">
                {fieldState.error.message}
              </p>
            )}
            <CaptionsEditor captions={field.value} onChange={field.onChange} invalid={Boolean(fieldState.error)} />
          </fieldset>
        )}
      />

      <VariantPreview texts={[captionText(text), ...captions]} />

      <Controller
        control={control}
        name="file"
        render={({ field, fieldState }) => (
          <FieldFrame
            label="Media (gambar, video, audio atau PDF, maks. 16 MB)"
            htmlFor="template-media"
            error={fieldState.error?.message}
          >
            {initial?.media && !removeMedia && !file && (
              <div className="mb-3 flex items-center gap-3">
                <MediaPreview url={initial.media} name={initial.media_name} />
                <span className="text-sm text-slate-600 dark:text-slate-400">{initial.media_name}</span>
                <button
                  type="button"
                  onClick={() => form.setValue('removeMedia', true)}
                  className="text-sm font-medium text-red-600 hover:underline"
                >
                  Hapus media
                </button>
              </div>
            )}
            <input
              id="template-media"
              type="file"
              name={field.name}
              ref={field.ref}
              accept={MEDIA_ACCEPT}
              aria-invalid={fieldState.error ? true : undefined}
              aria-describedby={fieldState.error ? 'template-media-error' : undefined}
              onChange={(event) => field.onChange(event.target.files?.[0] ?? null)}
              className={`${SCROLL_MARGIN} block w-full text-sm text-slate-600 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100 dark:text-slate-400 dark:file:bg-brand-600/20 dark:file:text-brand-500`}
            />
          </FieldFrame>
        )}
      />

      <Controller
        control={control}
        name="button"
        render={({ field, fieldState }) => (
          // Focused when a button is refused: its top holds the message, which names the button.
          <fieldset
            ref={(box) => field.ref(box && focusAtTop(box))}
            tabIndex={-1}
            aria-labelledby="template-buttons-label"
            aria-describedby={fieldState.error ? 'template-buttons-error' : undefined}
            className={`${SCROLL_MARGIN} min-w-0 focus:outline-none`}
          >
            <div className="mb-3 flex items-center justify-between gap-3">
              <span id="template-buttons-label" className="text-sm font-medium text-slate-700 dark:text-slate-300">
                Button
              </span>
              <CheckboxField
                label="Gunakan button"
                checked={field.value.length > 0}
                onChange={(event) => field.onChange(event.target.checked ? [0, 1, 2].map(emptyButton) : [])}
              />
            </div>
            {fieldState.error && (
              <p id="template-buttons-error" role="alert" className="mb-3 text-sm text-red-600 dark:text-red-400">
                {fieldState.error.message}
              </p>
            )}
            {field.value.length > 0 && <ButtonsEditor buttons={field.value} onChange={field.onChange} />}
          </fieldset>
        )}
      />

      {initial && <StatusCheckbox form={form} name="status" label="Aktif" />}

      <div className="flex gap-3">
        <SubmitButton busy={form.busy} busyLabel="Menyimpan...">
          Simpan
        </SubmitButton>
        <Button variant="secondary" onClick={onCancel}>
          Batal
        </Button>
      </div>
    </form>
  );
}
