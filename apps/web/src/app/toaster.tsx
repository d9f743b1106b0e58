/**
 * The toasts of the signed-in pages, as a layout route around the shell and /change-password (whose toast
 * follows it onto the dashboard), so that the public pages load no toast library (DESIGN §10). The toaster
 * itself (toaster-view.tsx, with sonner) mounts when the first toast is asked for (`lib/toast.ts`), so that
 * a signed-in first load goes without it too.
 */
import { type ComponentType, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { onDemand } from '../lib/on-demand.ts';
import { whenToastWanted } from '../lib/toast.ts';

const toaster = onDemand<ComponentType>(async () => (await import('./toaster-view.tsx')).ToasterView);

export function Component() {
  const [View, setView] = useState<ComponentType | null>(() => toaster.loaded ?? null);

  useEffect(
    () =>
      whenToastWanted(() => {
        // A toaster that failed to load is tried again with the next toast; the page shows its result itself.
        toaster.load().then(
          (loaded) => setView(() => loaded),
          () => {},
        );
      }),
    [],
  );

  return (
    <>
      <Outlet />
      {View && <View />}
    </>
  );
}
