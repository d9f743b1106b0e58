/** A template caption rendered as HTML, sanitised again in the browser (DESIGN §9: on save and on render). */
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the caption is sanitised by DOMPurify just above.
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
