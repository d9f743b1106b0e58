/**
 * Whether a list's table fits the width it has. The columns yield down to their narrowest content; when even
 * that is wider than the room, the rows are shown as cards instead, so that no column and no action ever hides
 * behind a sideways scroll, whatever the width, the sidebar or the row's content (a running job's status is
 * wider than an idle one's). Measured before paint, so the table that did not fit never shows.
 */
import { useLayoutEffect, useRef, useState } from 'react';

/** Tailwind's `sm` breakpoint: a phone is given cards at once rather than a table measured first. */
const PHONE_PX = 640;

export function useTableFit() {
  const boxRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const [width, setWidth] = useState(0);
  // The narrowest the table could be when it last did not fit.
  const [needed, setNeeded] = useState(() => (window.innerWidth < PHONE_PX ? PHONE_PX : 0));

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const observer = new ResizeObserver(() => setWidth(box.clientWidth));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  // After every render of the table: rows and live values change what it needs.
  useLayoutEffect(() => {
    const box = boxRef.current;
    const table = tableRef.current;
    if (box && table && box.clientWidth > 0 && table.offsetWidth > box.clientWidth) setNeeded(table.offsetWidth);
  });

  return { boxRef, tableRef, cards: width === 0 ? needed > 0 : width < needed };
}
