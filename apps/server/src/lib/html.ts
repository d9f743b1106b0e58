/**
 * Template captions: the HTML a rich-text editor sends is sanitised on save (DESIGN §9), and the text that
 * WhatsApp receives is derived from it — bold `*`, italic `_`, strike `~`, monospace ``` and line breaks.
 */
import { Parser } from 'htmlparser2';
import sanitize from 'sanitize-html';

const SANITIZE: sanitize.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'del',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'a',
    'blockquote',
    'span',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: { a: sanitize.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
};

export function sanitizeCaption(html: string): string {
  return sanitize(html, SANITIZE).trim();
}

const MARKERS: Record<string, string> = {
  strong: '*',
  b: '*',
  em: '_',
  i: '_',
  s: '~',
  strike: '~',
  del: '~',
  code: '```',
  pre: '```',
};
const BLOCKS = new Set(['p', 'div', 'blockquote', 'li', 'ul', 'ol', 'pre', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** WhatsApp's formatting of an HTML caption. Markers hug the text, as WhatsApp only renders them so. */
export function htmlToWhatsApp(html: string): string {
  let out = '';
  const open: { tag: string; start: number }[] = [];
  const lists: { ordered: boolean; index: number }[] = [];
  const newline = () => {
    if (out && !out.endsWith('\n')) out += '\n';
  };
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === 'br') out += '\n';
        else if (name === 'ul' || name === 'ol') {
          newline();
          lists.push({ ordered: name === 'ol', index: 0 });
        } else if (name === 'li') {
          newline();
          const list = lists.at(-1);
          if (list) list.index += 1;
          out += list?.ordered ? `${list.index}. ` : '- ';
        } else if (BLOCKS.has(name)) newline();
        if (MARKERS[name]) open.push({ tag: name, start: out.length });
      },
      ontext(text) {
        out += text.replace(/\s+/g, ' ');
      },
      onclosetag(name) {
        const marker = MARKERS[name];
        if (marker) {
          const at = open.findLastIndex((entry) => entry.tag === name);
          const entry = at >= 0 ? open.splice(at, 1)[0] : undefined;
          if (entry) {
            const segment = out.slice(entry.start);
            const inner = segment.trim();
            const lead = segment.slice(0, segment.length - segment.trimStart().length);
            const trail = segment.slice(segment.trimEnd().length);
            out = out.slice(0, entry.start) + (inner ? `${lead}${marker}${inner}${marker}${trail}` : segment);
          }
        }
        if (name === 'ul' || name === 'ol') lists.pop();
        if (BLOCKS.has(name)) newline();
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return out
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
