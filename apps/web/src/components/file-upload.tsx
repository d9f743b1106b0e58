/**
 * Choose a file and upload it; the answer is shown by the caller. One upload at a time: a second click
 * while the first is in flight sends nothing, so an import is never sent twice.
 */
import { Upload } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useGuardedSubmit } from '../lib/form.ts';
import { Button } from './button.tsx';
import { SCROLL_MARGIN } from './field.tsx';
import { FormAlert } from './form.tsx';

interface FileUploadProps {
  /** Extensions, e.g. `['.csv', '.json']`. */
  accept: string[];
  onUpload: (file: File) => Promise<unknown>;
  label?: string;
  submitLabel?: string;
  /** Shown under the button while the upload is in flight: how far it is, instead of a bare spinner. */
  progress?: ReactNode;
}

export function FileUpload({ accept, onUpload, label = 'File', submitLabel = 'Upload', progress }: FileUploadProps) {
  const errorId = useId();
  const form = useGuardedSubmit(useForm<{ file: FileList | undefined }>({ defaultValues: { file: undefined } }));
  const chosen = (files: FileList | undefined) => files?.[0];
  const field = form.register('file', {
    validate: (files) => {
      const file = chosen(files);
      if (!file) return `Pilih file ${accept.join(' atau ')} terlebih dahulu.`;
      if (!accept.some((extension) => file.name.toLowerCase().endsWith(extension))) {
        return `File harus berformat ${accept.join(' atau ')}.`;
      }
      return true;
    },
  });
  const problem = form.formState.errors.file?.message;

  return (
    <form onSubmit={form.submitWith(({ file }) => onUpload(chosen(file) as File))} noValidate className="space-y-4">
      <FormAlert message={form.failure} />
      <div>
        <input
          type="file"
          accept={accept.join(',')}
          aria-label={label}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          {...field}
          className={`${SCROLL_MARGIN} block w-full text-sm text-slate-600 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100 dark:text-slate-400 dark:file:bg-brand-600/20 dark:file:text-brand-500`}
        />
        {problem && (
          <p id={errorId} role="alert" className="mt-1.5 text-sm text-red-600 dark:text-red-400">
            {problem}
          </p>
        )}
      </div>
      <Button type="submit" variant="secondary" loading={form.busy}>
        {!form.busy && <Upload size={16} />} {form.busy ? 'Mengunggah...' : submitLabel}
      </Button>
      {form.busy && progress}
    </form>
  );
}
