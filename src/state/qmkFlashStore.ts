import { createStore, type StoreApi } from 'zustand/vanilla';
import { FLASH_TARGETS } from '../bootloaders/flashTargets.ts';
import { backupFileName } from './flashBackup.ts';
import type { QmkFlashDeps, QmkFlashState } from './qmkFlashState.ts';
import { QmkFlashRunner } from './qmkFlashRunner.ts';
import type { KeyValueStorage } from './storage.ts';

const TARGET_KEY = 'keyloom-flash-target:';

/** The target last used for a keyboard (kept per vendor/product id), if it is one Keyloom still knows. */
function rememberedTarget(storage: KeyValueStorage, vendorProductId: number): string | null {
  const id = storage.getItem(TARGET_KEY + vendorProductId);
  return FLASH_TARGETS.some((t) => t.id === id) ? id : null;
}

/**
 * The QMK flashing flow (issue 29) as a store the flash dialog renders: its stages live here, so the dialog can
 * close and open again, and they outlast the keyboard leaving the bus. The steps are `QmkFlashRunner`'s.
 */
export function createQmkFlashStore(deps: QmkFlashDeps): StoreApi<QmkFlashState> {
  const store: StoreApi<QmkFlashState> = createStore<QmkFlashState>()((set, get) => ({
    open: false,
    keyboard: null,
    targetId: null,
    hand: undefined,
    file: null,
    backup: null,
    stage: { kind: 'setup' },
    restore: null,
    openFor() {
      const running = ['waiting', 'flashing', 'returning', 'backingUp', 'entering'].includes(
        get().stage.kind,
      );
      if (running) return set({ open: true });
      const keyboard = runner.selectedKeyboard();
      if (!keyboard) return;
      const same = get().keyboard?.vendorProductId === keyboard.vendorProductId;
      set({
        open: true,
        keyboard,
        stage: { kind: 'setup' },
        targetId:
          deps.targetHint(keyboard.path) ??
          rememberedTarget(deps.storage, keyboard.vendorProductId) ??
          (same ? get().targetId : null),
        ...(same ? {} : { file: null, hand: undefined }),
      });
      if (!same) runner.forgetFile();
    },
    close() {
      if (get().stage.kind === 'flashing') return;
      runner.stopWaiting();
      set({ open: false });
    },
    chooseTarget(id) {
      if (!FLASH_TARGETS.some((t) => t.id === id)) return;
      const keyboard = get().keyboard;
      if (keyboard) deps.storage.setItem(TARGET_KEY + keyboard.vendorProductId, id);
      set({ targetId: id, hand: undefined });
      runner.recheckFile();
    },
    chooseHand: (hand) => set({ hand }),
    canReach: (protocol) => deps.bootloaders.canReach(protocol),
    fileBytes: () => runner.fileBytes(),
    chooseFile: (name, bytes, size) => runner.pickFile(name, bytes, size),
    useDemoFirmware: () => runner.useDemoFirmware(),
    start: (anyway) => runner.start(anyway),
    chooseBootloader: () => runner.chooseBootloader(),
    resetByHand: (bootmagic) => runner.resetByHand(bootmagic),
    cancel: () => runner.cancel(),
    switchBootloader: () => runner.switchBootloader(),
    flashAgain: () => runner.flashAgain(),
    askRestore() {
      const { stage, keyboard } = get();
      if (stage.kind !== 'done' || stage.comparison?.kind !== 'compared' || !keyboard) return;
      set({
        open: false,
        restore: {
          vendorProductId: keyboard.vendorProductId,
          text: stage.comparison.text,
          fileName: backupFileName(keyboard.name),
          notes: stage.comparison.notes,
        },
      });
    },
    takeRestore(vendorProductId) {
      const request = get().restore;
      if (request?.vendorProductId !== vendorProductId) return null;
      set({ restore: null });
      return request;
    },
  }));
  const runner = new QmkFlashRunner(deps, store);
  return store;
}
