/**
 * Sonner's toaster, mounted by toaster.tsx with the first toast. Bottom centre, where a page keeps none of its
 * own controls: the header's controls, the page title and its actions (Tambah, Sinkronkan) are at the top, row
 * actions at the right and the pager's buttons at either end. Phones (sonner's full-width layout below 600 px)
 * likewise at the bottom. Short-lived, and closed at once with its ×.
 */
import { TOAST_TEXT } from '@sewablast/contract/texts';
import { useEffect } from 'react';
import { Toaster, toast } from 'sonner';
import { useTheme } from '../lib/theme.ts';
import { toasterReady } from '../lib/toast.ts';

const SHOWN_MS = 3000;

export function ToasterView() {
  // Sonner draws light unless told: a dark page's toast stood out pale green.
  const [theme] = useTheme();
  // Runs after the Toaster's own effects, so sonner's toaster has subscribed by then.
  useEffect(() => toasterReady(toast), []);
  return (
    <Toaster
      theme={theme}
      richColors
      closeButton
      position="bottom-center"
      duration={SHOWN_MS}
      offset={{ bottom: 16 }}
      mobileOffset={{ bottom: 8, left: 8, right: 8 }}
      containerAriaLabel={TOAST_TEXT.region}
      toastOptions={{ closeButtonAriaLabel: TOAST_TEXT.close }}
    />
  );
}
