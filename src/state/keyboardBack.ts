import type { StoreApi } from 'zustand/vanilla';
import type { DeviceState } from './deviceStore.ts';
import type { ConnectedDevice } from '../families/deviceFamily.ts';

/**
 * After a restart (new firmware, a bootloader left): resolves true once the keyboard `isIt` names is back under
 * a path other than `previousPath`, selected and loaded — selecting it again when another keyboard was selected
 * meanwhile — or false when `giveUp` resolves first.
 */
export function keyboardBack(
  store: StoreApi<DeviceState>,
  isIt: (device: ConnectedDevice) => boolean,
  previousPath: string | null,
  giveUp: Promise<unknown>,
): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (back: boolean) => {
      if (settled) return;
      settled = true;
      unsubscribe();
      resolve(back);
    };
    const check = (s: DeviceState) => {
      const back = s.devices.find((d) => isIt(d) && d.path !== previousPath);
      if (!back) return;
      if (s.selectedPath !== back.path) {
        if (s.phase !== 'loading') void s.select(back.path);
        return;
      }
      if (s.phase === 'ready' && s.keyboard) finish(true);
    };
    const unsubscribe = store.subscribe(check);
    void giveUp.then(() => finish(false));
    check(store.getState());
  });
}
