/**
 * The toasts of the signed-in pages, as a layout route around the shell and /change-password (whose toast
 * follows it onto the dashboard), so that the public pages load no toast library (DESIGN §10). Bottom centre,
 * where a page keeps none of its own controls: the header's controls, the page title and its actions (Tambah,
 * Sinkronkan) are at the top, row actions at the right and the pager's buttons at either end. Phones (sonner's
 * full-width layout below 600 px) likewise at the bottom. Short-lived, and closed at once with its ×.
 */
import { TOAST_TEXT } from '@sewablast/contract/texts';
import { Outlet } from 'react-router';
import { Toaster } from 'sonner';

const SHOWN_MS = 3000;

export function Component() {
  return (
    <>
      <Outlet />
      <Toaster
        richColors
        closeButton
        position="bottom-center"
        duration={SHOWN_MS}
        offset={{ bottom: 16 }}
        mobileOffset={{ bottom: 8, left: 8, right: 8 }}
        containerAriaLabel={TOAST_TEXT.region}
        toastOptions={{ closeButtonAriaLabel: TOAST_TEXT.close }}
      />
    </>
  );
}
