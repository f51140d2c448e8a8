import type { StoreApi } from 'zustand/vanilla';
import { realTimers } from '../lib/timers.ts';
import type { KeychronSettings } from '../qmk/keychronSettings.ts';
import { readKeychronDfuInfo, readKeychronSettings } from '../services/keychronSettings.ts';
import { dfuTargetForChip } from '../bootloaders/flashTargets.ts';
import { existingKeychronStore } from '../state/keychronStore.ts';
import type { DeviceState } from '../state/deviceStore.ts';
import type { LazyStore } from '../state/lazyStore.ts';
import { createQmkFlashStore } from '../state/qmkFlashStore.ts';
import type { QmkFlashState } from '../state/qmkFlashState.ts';
import { browserStorage } from '../state/storage.ts';
import type { VialFeaturesState } from '../state/vialFeaturesStore.ts';
import { BootloaderFinder } from '../transport/bootloaderFinder.ts';
import type { HidProvider } from '../transport/hidProvider.ts';
import { VirtualHidDevice, type VirtualHid } from '../virtual-keyboard/index.ts';
import { versionText as keychronVersionText } from '../virtual-keyboard/keychron/keychronInfo.ts';
import { resetByHand } from '../virtual-keyboard/resetByHand.ts';

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
  const hints = new Map<string, { target: string | null; reset: { resetButton: boolean } | null }>();
  const remember = (path: string) =>
    void virtualDevice(path).then((device) => {
      const config = device?.firmware.config;
      hints.set(path, {
        // A real board's target may have come from its DFU info meanwhile: kept.
        target: config?.qmkBootloader ?? hints.get(path)?.target ?? null,
        // A board whose firmware refuses VIA's jump is reset by hand (Keychron's: bootmagic, a reset button).
        reset:
          config?.qmkBootloader && !config.bootloaderJump
            ? { resetButton: config.keychron?.board.flash.resetButton ?? false }
            : null,
      });
    });
  // A Keychron board names its chip (DFU info), which names its DFU bootloader.
  const fromDfuInfo = (path: string) =>
    void keychronDfuTarget(store).then((target) => {
      if (target && !hints.get(path)?.target)
        hints.set(path, { target, reset: hints.get(path)?.reset ?? null });
    });
  // The selected keyboard's bootloader is known before the dialog asks (it asks synchronously).
  remember(store.getState().selectedPath ?? '');
  if (store.getState().capabilities?.keychron) fromDfuInfo(store.getState().selectedPath ?? '');
  store.subscribe((s, before) => {
    if (s.selectedPath !== before.selectedPath && s.selectedPath) remember(s.selectedPath);
    if (s.capabilities?.keychron && !before.capabilities?.keychron && s.selectedPath)
      fromDfuInfo(s.selectedPath);
  });
  return createQmkFlashStore({
    devices: store,
    bootloaders,
    storage: browserStorage(),
    vialFeatures: () => parts.vialFeatures.current,
    backedUp: parts.backedUp,
    targetHint: (path) => hints.get(path)?.target ?? null,
    virtualReset: (path) => hints.get(path)?.reset ?? null,
    resetByHand: async (path, bootmagic) => {
      const device = await virtualDevice(path);
      if (!device || !resetByHand(device.firmware, bootmagic)) return false;
      // The owner unplugs it and plugs it in again: it comes back as its bootloader.
      device.unplug();
      return true;
    },
    keychronSettings: () => keychronSettingsOf(store),
    releaseBootloader: () => virtualHid.bootBus?.releaseAll() ?? false,
    demoFirmware: async (path, target) => {
      const device = await virtualDevice(path);
      if (!device) return null;
      const { demoFirmwareFile } = await import('../virtual-keyboard/bootloaders/demoImages.ts');
      const keychron = device.firmware.config.keychron;
      // Built for this very board: its USB ids and name in the image's descriptor, as a real build has them; a
      // Keychron build also its version and build date, and QMK's DFU suffix.
      return demoFirmwareFile(target, {
        vendorId: device.vendorId,
        productId: device.productId,
        name: device.productName,
        ...(keychron && {
          text: `${keychronVersionText(keychron.board.deviceVersion)} ${keychron.buildDate}`,
          dfuSuffix: true,
        }),
      });
    },
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    timers: realTimers,
    logError: parts.reportBadValue,
  });
}

/**
 * The selected keyboard's Keychron settings for the flash backup: what its panes show when they read them already
 * (with changes not yet saved, as the board holds them in RAM), else read from the board; null when it is not a
 * Keychron board.
 */
async function keychronSettingsOf(store: StoreApi<DeviceState>): Promise<KeychronSettings | null> {
  const { keyboard, capabilities, commands } = store.getState();
  const client = commands()?.client;
  const features = capabilities?.keychron;
  if (!keyboard || !client || !features) return null;
  const shown = existingKeychronStore(client)?.getState();
  if (shown?.status === 'ready' && shown.settings) return shown.settings;
  return readKeychronSettings(client, features, keyboard.definition.matrix);
}

/** The DFU target of the selected Keychron board's chip, as its DFU info names it (null when none is known). */
async function keychronDfuTarget(store: StoreApi<DeviceState>): Promise<string | null> {
  const client = store.getState().commands()?.client;
  if (!client || !store.getState().capabilities?.keychron) return null;
  const info = await readKeychronDfuInfo(client).catch(() => null);
  return info?.chip ? (dfuTargetForChip(info.chip)?.id ?? null) : null;
}
