import type { Page } from '@playwright/test';

/**
 * Runs `body` on the first virtual ZMK keyboard the page lists (reached through the documented `__keyloom`
 * hook), typed as the test needs it (`K`: the parts of VirtualZmkKeyboard it touches).
 */
export async function onZmk<K, A, R>(page: Page, body: (keyboard: K, arg: A) => R, arg: A): Promise<R> {
  const handle = await page.evaluateHandle(() => {
    const hook = (
      window as unknown as {
        __keyloom: {
          stores: {
            runtime: {
              zmk: {
                current: { getState(): { keyboards: { virtual?: { keyboard: unknown } }[] } } | null;
              };
            };
          };
        };
      }
    ).__keyloom;
    return hook.stores.runtime.zmk.current!.getState().keyboards[0]!.virtual!.keyboard;
  });
  try {
    return (await handle.evaluate(body as never, arg as never)) as R;
  } finally {
    await handle.dispose();
  }
}
