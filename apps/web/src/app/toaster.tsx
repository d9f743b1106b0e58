/**
 * The toasts of the signed-in pages, as a layout route around the shell and /change-password (whose toast
 * follows it onto the dashboard), so that the public pages load no toast library (DESIGN §10). Top right,
 * but below the sticky header (64 px), so that a toast never covers the theme toggle or the user menu while
 * it shows. Phones (sonner's full-width layout below 600 px) likewise.
 */
import { Outlet } from 'react-router';
import { Toaster } from 'sonner';

const HEADER_PX = 64;

export function Component() {
  return (
    <>
      <Outlet />
      <Toaster
        richColors
        position="top-right"
        offset={{ top: HEADER_PX + 16, right: 24 }}
        mobileOffset={{ top: HEADER_PX + 8, left: 16, right: 16 }}
      />
    </>
  );
}
