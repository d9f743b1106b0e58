/**
 * The template form's values, checked by the contract's template rules (spec part 2 §5) before anything is
 * sent, and the multipart body the create and update calls take. The request is multipart, so the contract
 * has rules here rather than one zod schema.
 */
import { checkButtons, MESSAGE_TEXT, type TButton } from '@sewablast/contract/message';
import { checkCaptions } from '@sewablast/contract/variants';
import type { FieldErrors, Resolver } from 'react-hook-form';

export const MEDIA_MAX_BYTES = 16 * 1024 * 1024;

export interface TemplateValues {
  /** The caption as HTML, '' when empty. */
  text: string;
  /** Further WhatsApp captions (plain text), each send picking one of these or the caption. */
  captions: string[];
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
    const variantError = values.text.trim() ? checkCaptions([captionText(values.text)]) : null;
    if (variantError && !errors.text) errors.text = { type: 'variants', message: variantError };
    const captions = values.captions.map((caption) => caption.trim()).filter(Boolean);
    const captionsError = checkCaptions(captions, true);
    if (captionsError) errors.captions = { type: 'variants', message: captionsError };
    const checked = checkButtons(values.button);
    if (checked.error) errors.button = { type: 'validate', message: checked.error };
    if (Object.keys(errors).length) return { values: {}, errors };
    // Empty buttons are dropped and the rest trimmed, as the spec sends them.
    return { values: { ...values, captions, button: checked.buttons }, errors: {} };
  };
}

export function templateBody(values: TemplateValues, editing: boolean): FormData {
  const form = new FormData();
  form.append('text', values.text);
  if (values.button.length) form.append('button', JSON.stringify(values.button));
  form.append('captions', JSON.stringify(values.captions));
  form.append('status', editing ? values.status : 'active');
  if (values.removeMedia && !values.file) form.append('remove_media', '1');
  if (values.file) form.append('file', values.file);
  return form;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/**
 * The caption's HTML as the WhatsApp text the server derives from it, near enough to check its variants and
 * preview them: a paragraph or list item a line, tags dropped, the editor's entities decoded.
 */
export function captionText(html: string): string {
  return html
    .replace(/<\/(p|li)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .trim();
}
