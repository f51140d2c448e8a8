import type { StoreApi } from 'zustand/vanilla';
import { realTimers } from '../lib/timers.ts';
import type { DeviceState } from '../state/deviceStore.ts';
import type { LazyStore } from '../state/lazyStore.ts';
import { createQmkFlashStore } from '../state/qmkFlashStore.ts';
import type { QmkFlashState } from '../state/qmkFlashState.ts';
import { browserStorage } from '../state/storage.ts';
import type { VialFeaturesState } from '../state/vialFeaturesStore.ts';
import { BootloaderFinder } from '../transport/bootloaderFinder.ts';
import type { HidProvider } from '../transport/hidProvider.ts';
import { VirtualHidDevice, type VirtualHid } from '../virtual-keyboard/index.ts';

/** What the flashing flow takes from the device runtime (DeviceRuntime passes itself). */
export interface FlashingParts {
  readonly store: StoreApi<DeviceState>;
  readonly provider: HidProvider;
  readonly virtualHid: VirtualHid;
  readonly vialFeatures: LazyStore<VialFeaturesState>;
  readonly backedUp: Set<number>;
  readonly reportBadValue: (message: string) => void;
}

/**
 * The QMK flashing flow wired for the browser (issue 29, docs/flashing.md): bootloaders found through WebUSB,
 * Web Serial, WebHID and the folder picker, the virtual QMK boards' bootloaders through the same surfaces
 * (`VirtualHid.serial` and `bootBus`), the backup kept where Save + Load keeps its own. A virtual board names
 * its bootloader and offers a test image for its chip, so the demos run with nothing plugged in.
 */
export function createQmkFlash(parts: FlashingParts): StoreApi<QmkFlashState> {
  const { store, provider, virtualHid } = parts;
  const bootloaders = new BootloaderFinder(BootloaderFinder.browser(), () => {
    const bus = virtualHid.bootBus;
    return {
      usb: bus?.usb ?? null,
      hid: bus?.hid ?? null,
      serial: virtualHid.serial ?? null,
      drives: bus?.drives ?? null,
    };
  });
  const virtualDevice = async (path: string) => {
    const found = (await provider.devices()).find((d) => d.path === path)?.device;
    return found instanceof VirtualHidDevice ? found : null;
  };
  const hints = new Map<string, string | null>();
  const remember = (path: string) =>
    void virtualDevice(path).then((device) => hints.set(path, device?.firmware.config.qmkBootloader ?? null));
  // The selected keyboard's bootloader is known before the dialog asks (it asks synchronously).
  remember(store.getState().selectedPath ?? '');
  store.subscribe(
    (s, before) => s.selectedPath !== before.selectedPath && s.selectedPath && remember(s.selectedPath),
  );
  return createQmkFlashStore({
    devices: store,
    bootloaders,
    storage: browserStorage(),
    vialFeatures: () => parts.vialFeatures.current,
    backedUp: parts.backedUp,
    targetHint: (path) => hints.get(path) ?? null,
    releaseBootloader: () => virtualHid.bootBus?.releaseAll() ?? false,
    demoFirmware: async (path, target) => {
      const device = await virtualDevice(path);
      if (!device) return null;
      const { demoFirmwareFile } = await import('../virtual-keyboard/bootloaders/demoImages.ts');
      // Built for this very board: its USB ids and name in the image's descriptor, as a real build has them.
      return demoFirmwareFile(target, {
        vendorId: device.vendorId,
        productId: device.productId,
        name: device.productName,
      });
    },
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    timers: realTimers,
    logError: parts.reportBadValue,
  });
}
