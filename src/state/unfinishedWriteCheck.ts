import type { StoreApi } from 'zustand/vanilla';
import type { LayoutFault } from '../services/layoutTransaction.ts';
import type { MacroWriteFault } from '../services/macroSave.ts';
import type { DeviceState } from './deviceStore.ts';
import type { LazyStore } from './lazyStore.ts';
import type { KeyValueStorage } from './storage.ts';
import type { ReportBadValue } from './storedValue.ts';
import type { WriteFaultState } from './writeFaults.ts';
import { UNFINISHED_PREFIX } from './unfinishedWritesKey.ts';

/** The app's write faults (state/writeFaults.ts), kept per keyboard (state/unfinishedWrites.ts). */
export type KeptWriteFaults = LazyStore<WriteFaultState<MacroWriteFault, LayoutFault>>;

/** The stored record of a keyboard's unfinished writes: this prefix and its vendor/product id. */

/**
 * On every keyboard load: one that left a write unfinished — a kept record, or its macro flag raised (read with
 * its macros) — has it named again, checked against what it holds (state/unfinishedWrites.ts, which loads only
 * then: a keyboard with nothing unfinished costs one storage read).
 */
export function checkUnfinishedWrites(
  devices: StoreApi<DeviceState>,
  faults: KeptWriteFaults,
  storage: KeyValueStorage,
  report: ReportBadValue,
): void {
  devices.subscribe(({ keyboard, selectedPath }, previous) => {
    // A keyboard that has just loaded (its edits patch it later: those are not loads) and left one.
    if (
      keyboard &&
      !(previous.keyboard && previous.selectedPath === selectedPath) &&
      (keyboard.macros.writing ||
        storage.getItem(UNFINISHED_PREFIX + keyboard.definition.vendorProductId) !== null)
    )
      void import('./unfinishedWrites.ts').then((m) =>
        m.resumeUnfinished(keyboard, devices, faults, storage, report),
      );
  });
}
