import type { Page } from '@playwright/test';

/** The first virtual keyboard's firmware, read in the page through the documented `window.__keyloom` hook. */
type FirmwareCall =
  'getKeycode' | 'getEncoderKeycode' | 'layoutOptionsValue' | 'customValue' | 'actuationPoint';

/** Calls a read-only inspection method on the virtual keyboard's firmware model (its EEPROM, not the app's copy). */
export function firmware<T = number>(
  page: Page,
  method: FirmwareCall,
  ...args: (number | boolean | number[])[]
): Promise<T> {
  return page.evaluate(
    async ([name, callArgs]) => {
      const hook = (
        window as unknown as {
          __keyloom: {
            stores: {
              runtime: {
                provider: {
                  devices(): Promise<{ device: { firmware: Record<string, (...a: unknown[]) => number> } }[]>;
                };
              };
            };
          };
        }
      ).__keyloom;
      const [first] = await hook.stores.runtime.provider.devices();
      return first!.device.firmware[name as string]!(...(callArgs as unknown[]));
    },
    [method, args] as const,
  ) as Promise<T>;
}

export const eepromKey = (page: Page, layer: number, row: number, col: number) =>
  firmware(page, 'getKeycode', layer, row, col);

export const canvasKey = (page: Page, name: RegExp) =>
  page.getByTestId('keyboard-canvas').getByRole('button', { name });

/** Sends a raw 32-byte request straight to the virtual firmware and returns its reply bytes. */
export function firmwareRequest(page: Page, ...bytes: number[]): Promise<number[]> {
  return page.evaluate(async (request) => {
    const hook = (
      window as unknown as {
        __keyloom: {
          stores: {
            runtime: {
              provider: {
                devices(): Promise<{ device: { firmware: { handleReport(r: Uint8Array): Uint8Array } } }[]>;
              };
            };
          };
        };
      }
    ).__keyloom;
    const [first] = await hook.stores.runtime.provider.devices();
    return [
      ...first!.device.firmware.handleReport(
        Uint8Array.from([...request, ...new Array(32 - request.length).fill(0)]),
      ),
    ];
  }, bytes);
}

/** Starts the page as a machine whose user unplugged every virtual keyboard (only `?virtual=` connects one). */
export async function withoutRememberedKeyboards(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('keyloom-virtual-keyboards', '[]'));
}
