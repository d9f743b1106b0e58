/**
 * `readsLanded` (fixture.ts), which the a11y and layout walks wait on before they check a screen: it returns
 * only once a read the screen started has answered, so those checks never see a screen still loading.
 */
import { describe, expect, it } from 'vitest';
import { readsLanded, trackRequests, useSuite } from './fixture.ts';
import { DEV } from './harness.ts';

const { signedIn } = useSuite({ SEED_DEMO: '1' });

describe('readsLanded', () => {
  it('waits for a read held in flight, and the rows it brings are there when it returns', async () => {
    const { context, page } = await signedIn(DEV);
    trackRequests(page);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reached = () => {};
    const readStarted = new Promise<void>((resolve) => {
      reached = resolve;
    });
    await page.route('**/api/admin/proxy/**', async (route) => {
      reached();
      await held;
      await route.continue();
    });
    await page.goto('/proxy');
    await readStarted;
    let landed = false;
    const waiting = readsLanded(page, () => false).then(() => {
      landed = true;
    });
    // Frames go by in the page while the read is held: the wait must not end on any of them.
    for (let frame = 0; frame < 10; frame++) {
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    }
    expect(landed).toBe(false);
    release();
    await waiting;
    expect(await page.locator('main tbody tr, main [data-testid="row-cards"] > li').count()).toBeGreaterThan(0);
    await context.close();
  });
});
