/**
 * Where toasts appear: top right, but below the sticky header (64 px), so that a toast never covers the
 * theme toggle or the user menu while it shows. Phones (sonner's full-width layout below 600 px) likewise.
 */
import { Toaster } from 'sonner';

const HEADER_PX = 64;

export function AppToaster() {
  return (
    <Toaster
      richColors
      position="top-right"
      offset={{ top: HEADER_PX + 16, right: 24 }}
      mobileOffset={{ top: HEADER_PX + 8, left: 16, right: 16 }}
    />
  );
}
