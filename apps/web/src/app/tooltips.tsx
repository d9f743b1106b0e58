/**
 * Radix's tooltip provider, as a layout route around the screens whose rows carry tooltips
 * (components/row-actions.tsx), so that the dashboard and the other screens load no tooltip code (DESIGN §10).
 * One provider for all of them, as when it sat in the shell: after one tooltip closes, the next opens at once.
 */
import { Tooltip } from 'radix-ui';
import { Outlet } from 'react-router';

export function Component() {
  return (
    <Tooltip.Provider delayDuration={300}>
      <Outlet />
    </Tooltip.Provider>
  );
}
