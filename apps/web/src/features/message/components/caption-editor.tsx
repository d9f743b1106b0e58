/** The rich-text caption editor (Tiptap): bold, italic, strike, monospace and lists, as WhatsApp shows them. */
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { clsx } from 'clsx';
import { Bold, Code, Italic, List, ListOrdered, Strikethrough } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { focusAtTop, SCROLL_MARGIN } from '../../../components/field.tsx';

interface CaptionEditorProps {
  value: string;
  onChange: (html: string) => void;
  invalid?: boolean;
  /** Hears what the form focuses when the caption is refused. */
  focusRef?: (target: { focus: () => void }) => void;
}

export function CaptionEditor({ value, onChange, invalid, focusRef }: CaptionEditorProps) {
  const box = useRef<HTMLDivElement>(null);
  // What the editor itself last reported: a value prop that merely echoes it must not reset the content,
  // or keystrokes typed while React re-renders would be lost.
  const lastEmitted = useRef(value);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: false, horizontalRule: false, blockquote: false, link: false, underline: false }),
    ],
    content: value,
    onUpdate: ({ editor: current }) => {
      lastEmitted.current = current.isEmpty ? '' : current.getHTML();
      onChange(lastEmitted.current);
    },
    editorProps: {
      attributes: {
        'aria-label': 'Caption',
        role: 'textbox',
        'aria-multiline': 'true',
        class:
          'min-h-36 px-3.5 py-3 text-sm focus:outline-none [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 dark:[&_code]:bg-slate-800',
      },
    },
  });

  useEffect(() => {
    // The editor would scroll itself flush with the top, under the sticky header: its box scrolls instead.
    if (editor && focusRef && box.current) {
      focusRef(focusAtTop(box.current, () => editor.commands.focus(null, { scrollIntoView: false })));
    }
  }, [editor, focusRef]);

  useEffect(() => {
    if (editor && value !== editor.getHTML() && !(value === '' && editor.isEmpty))
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      strike: current?.isActive('strike') ?? false,
      code: current?.isActive('code') ?? false,
      bulletList: current?.isActive('bulletList') ?? false,
      orderedList: current?.isActive('orderedList') ?? false,
    }),
  });

  const tools = [
    { key: 'bold', label: 'Tebal', Icon: Bold, run: () => editor?.chain().focus().toggleBold().run() },
    { key: 'italic', label: 'Miring', Icon: Italic, run: () => editor?.chain().focus().toggleItalic().run() },
    { key: 'strike', label: 'Coret', Icon: Strikethrough, run: () => editor?.chain().focus().toggleStrike().run() },
    { key: 'code', label: 'Monospace', Icon: Code, run: () => editor?.chain().focus().toggleCode().run() },
    { key: 'bulletList', label: 'Daftar', Icon: List, run: () => editor?.chain().focus().toggleBulletList().run() },
    {
      key: 'orderedList',
      label: 'Daftar bernomor',
      Icon: ListOrdered,
      run: () => editor?.chain().focus().toggleOrderedList().run(),
    },
  ] as const;

  return (
    <div
      ref={box}
      className={clsx(
        SCROLL_MARGIN,
        'overflow-hidden rounded-lg border bg-white text-slate-900 dark:bg-slate-900 dark:text-slate-100',
        invalid ? 'border-red-500' : 'border-slate-300 focus-within:border-brand-600 dark:border-slate-700',
      )}
    >
      <div className="flex flex-wrap gap-1 border-b border-slate-200 bg-slate-50 p-1.5 dark:border-slate-700 dark:bg-slate-800/60">
        {tools.map(({ key, label, Icon, run }) => (
          <button
            key={key}
            type="button"
            // Keep the caret in the editor, so that typing right after a click goes into the caption.
            onMouseDown={(event) => event.preventDefault()}
            onClick={run}
            aria-label={label}
            aria-pressed={active?.[key] ?? false}
            className={clsx(
              'rounded-md p-1.5 text-slate-600 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-700',
              active?.[key] && 'bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-white',
            )}
          >
            <Icon size={16} />
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
