import type { StoreApi } from 'zustand/vanilla';
import { reasonOf } from '../flash/bootloaderConnection.ts';
import { flashRefusals } from '../flash/flashRefusals.ts';
import type { KeychronSettings } from '../qmk/keychronSettings.ts';
import type { KeyboardState } from '../services/keyboardLoader.ts';
import { flashBackupFile } from './flashBackup.ts';
import { saveBackup } from './layoutBackup.ts';
import type { QmkFlashDeps, QmkFlashState } from './qmkFlashState.ts';

/**
 * The `backingUp` stage of a QMK flash: the keyboard's backup (`flashBackupFile`, with a Keychron board's Keychron
 * settings) kept where Save + Load keeps its own, then `entering`. Resolves false, the flash failed with nothing
 * sent, when the Keychron settings could not be read: a backup without them would lose what a bootmagic reset
 * clears.
 */
export async function backUpForFlash(
  deps: QmkFlashDeps,
  store: StoreApi<QmkFlashState>,
  keyboard: KeyboardState,
  vendorProductId: number,
): Promise<boolean> {
  store.setState({ stage: { kind: 'backingUp' } });
  let keychron: KeychronSettings | null;
  try {
    keychron = await deps.keychronSettings();
  } catch (error) {
    const reason = reasonOf(error);
    deps.logError(`Flashing stopped: ${reason}`);
    store.setState({
      stage: {
        kind: 'failed',
        problem: flashRefusals.refusal('backupUnread', { reason }),
        keyboardState: 'untouched',
        written: 0,
      },
    });
    return false;
  }
  const file = flashBackupFile(keyboard, deps.vialFeatures(), keychron);
  const savedAt = deps.now();
  saveBackup(deps.storage, file, savedAt);
  // The restore after the flash is a load: it must not replace this backup with the fresh firmware's keymap.
  deps.backedUp.add(vendorProductId);
  store.setState({ backup: { savedAt, file }, stage: { kind: 'entering' } });
  return true;
}
