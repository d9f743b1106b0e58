/** Choose a .csv or .json file and upload it; the answer is shown by the caller. */
import { Upload } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

interface FileUploadProps {
  accept: string[];
  uploading: boolean;
  error: string;
  onUpload: (file: File) => void;
}

export function FileUpload({ accept, uploading, error, onUpload }: FileUploadProps) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setProblem(`Pilih file ${accept.join(' atau ')} terlebih dahulu.`);
      return;
    }
    if (!accept.some((extension) => file.name.toLowerCase().endsWith(extension))) {
      setProblem(`File harus berformat ${accept.join(' atau ')}.`);
      return;
    }
    setProblem('');
    onUpload(file);
  }

  const shown = problem || error;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {shown && <Alert tone="error">{shown}</Alert>}
      <input
        type="file"
        accept={accept.join(',')}
        aria-label="File"
        onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100 dark:text-slate-400 dark:file:bg-brand-600/20 dark:file:text-brand-500"
      />
      <Button type="submit" variant="secondary" loading={uploading}>
        <Upload size={16} /> {uploading ? 'Mengunggah...' : 'Upload'}
      </Button>
    </form>
  );
}
