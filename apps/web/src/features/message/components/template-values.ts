/**
 * The template form's values, checked by the contract's template rules (spec part 2 §5) before anything is
 * sent, and the multipart body the create and update calls take. The request is multipart, so the contract
 * has rules here rather than one zod schema.
 */
import { checkButtons, MESSAGE_TEXT, type TButton } from '@sewablast/contract/message';
import type { FieldErrors, Resolver } from 'react-hook-form';

export const MEDIA_MAX_BYTES = 16 * 1024 * 1024;

export interface TemplateValues {
  /** The caption as HTML, '' when empty. */
  text: string;
  file: File | null;
  /** The stored media is to be taken off. */
  removeMedia: boolean;
  button: TButton[];
  status: 'active' | 'nonactive';
}

/** Checks the values; `hasStoredMedia` is whether the template being edited has media on the server. */
export function templateResolver(hasStoredMedia: boolean): Resolver<TemplateValues> {
  return (values) => {
    const errors: FieldErrors<TemplateValues> = {};
    const hasMedia = Boolean(values.file) || (hasStoredMedia && !values.removeMedia);
    if (!values.text.trim() && !hasMedia) errors.text = { type: 'required', message: MESSAGE_TEXT.captionRequired };
    if (values.file && values.file.size > MEDIA_MAX_BYTES) {
      errors.file = { type: 'maxSize', message: MESSAGE_TEXT.mediaTooLarge };
    }
    const checked = checkButtons(values.button);
    if (checked.error) errors.button = { type: 'validate', message: checked.error };
    if (Object.keys(errors).length) return { values: {}, errors };
    // Empty buttons are dropped and the rest trimmed, as the spec sends them.
    return { values: { ...values, button: checked.buttons }, errors: {} };
  };
}

export function templateBody(values: TemplateValues, editing: boolean): FormData {
  const form = new FormData();
  form.append('text', values.text);
  if (values.button.length) form.append('button', JSON.stringify(values.button));
  form.append('status', editing ? values.status : 'active');
  if (values.removeMedia && !values.file) form.append('remove_media', '1');
  if (values.file) form.append('file', values.file);
  return form;
}
