import type { StoreApi } from 'zustand/vanilla';
import { flashTarget, type FlashTarget } from '../bootloaders/flashTargets.ts';
import { reasonOf, type BootloaderConnection } from '../flash/bootloaderConnection.ts';
import { flashRefusals } from '../flash/flashRefusals.ts';
import { FlashFailure } from '../flash/FlashSession.ts';
import { canWriteHandedness, flashBootloader } from '../services/bootloaderFlash.ts';
import { backUpForFlash } from './backUpForFlash.ts';
import { BootloaderWait } from './BootloaderWait.ts';
import { everyPercent } from './everyPercent.ts';
import { compareWithBackup } from './flashBackup.ts';
import { keyboardBack } from './keyboardBack.ts';
import { PickedFirmware } from './PickedFirmware.ts';
import type { QmkFlashDeps, QmkFlashState } from './qmkFlashState.ts';
import { selectedFlashKeyboard } from './selectedFlashKeyboard.ts';

/** How long the keyboard may take to come back with its new firmware. */
export const RETURN_WAIT_MS = 20_000;

/**
 * The steps of a QMK flash (the store's long-running actions): check the file against the chosen bootloader's
 * chip (`PickedFirmware`), back the keyboard up (`backUpForFlash`), send VIA's bootloader jump (or ask for the
 * reset by hand), look for the bootloader until it is there or the user picks it in the browser's chooser
 * (`BootloaderWait`), flash it with progress and cancel, wait for the keyboard to come back, and compare it with
 * the backup. One flash at a time; a newer wait ends an older one.
 */
export class QmkFlashRunner {
  private readonly firmware = new PickedFirmware();
  private readonly wait: BootloaderWait;
  private abort: AbortController | null = null;

  constructor(
    private readonly deps: QmkFlashDeps,
    private readonly store: StoreApi<QmkFlashState>,
  ) {
    this.wait = new BootloaderWait(deps, store, (connection, target) => this.flashWith(connection, target));
  }

  private get state(): QmkFlashState {
    return this.store.getState();
  }

  private target(): FlashTarget | null {
    const id = this.state.targetId;
    return id ? flashTarget(id) : null;
  }

  /** The selected keyboard, as a flash will remember it. */
  selectedKeyboard() {
    return selectedFlashKeyboard(this.deps);
  }

  fileBytes(): Uint8Array | null {
    return this.firmware.bytes;
  }

  forgetFile(): void {
    this.firmware.forget();
  }

  pickFile(name: string, bytes: Uint8Array, size = bytes.length): void {
    this.firmware.pick(name, bytes, size);
    this.recheckFile();
  }

  /** Checks the picked file against the chosen chip (again, when another bootloader was chosen). */
  recheckFile(): void {
    const file = this.firmware.check(this.target(), this.state.keyboard);
    if (file) this.store.setState({ file });
  }

  async useDemoFirmware(): Promise<void> {
    const target = this.target();
    const keyboard = this.state.keyboard;
    if (!target || !keyboard) return;
    const file = await this.deps.demoFirmware(keyboard.path, target);
    if (file) this.pickFile(file.name, file.bytes);
  }

  async start(anyway = false): Promise<void> {
    const target = this.target();
    const keyboard = this.state.keyboard;
    const live = this.deps.devices.getState();
    if (!target || !keyboard || !this.firmware.checked || this.state.stage.kind !== 'setup') return;
    // Which half, asked before anything starts where the bootloader can write it.
    if (canWriteHandedness(target) && this.state.hand === undefined) return;
    // Another keyboard's build (or one that names none) goes on only once the user said so.
    if (this.state.file?.warning && !anyway) return;
    if (live.selectedPath !== keyboard.path || !live.keyboard) return;
    if (!(await backUpForFlash(this.deps, this.store, live.keyboard, keyboard.vendorProductId))) return;
    let jumped = true;
    try {
      await live.commands()!.jumpToBootloader();
    } catch {
      // The firmware has no bootloader jump (QMK dropped it from VIA in 2021) or the keyboard went silent.
      jumped = false;
    }
    this.store.setState({ stage: { kind: 'waiting', jumped, slow: false } });
    await this.wait.until(target);
  }

  async resetByHand(bootmagic: boolean): Promise<void> {
    const keyboard = this.state.keyboard;
    const stage = this.state.stage;
    if (!keyboard?.virtualReset || stage.kind !== 'waiting' || stage.jumped) return;
    await this.deps.resetByHand(keyboard.path, bootmagic);
  }

  async flashAgain(): Promise<void> {
    const target = this.target();
    const stage = this.state.stage;
    if (!target || stage.kind !== 'failed') return;
    // Nothing left the keyboard: start over from the setup.
    if (flashRefusals.is(stage.problem, 'backupUnread'))
      return this.store.setState({ stage: { kind: 'setup' } });
    this.store.setState({ stage: { kind: 'waiting', jumped: true, slow: false } });
    await this.wait.until(target);
  }

  /** Flashes with the bootloader that came up instead (the file is checked against its chip again). */
  async switchBootloader(): Promise<void> {
    const stage = this.state.stage;
    if (stage.kind !== 'otherBootloader') return;
    const hand = this.state.hand;
    this.state.chooseTarget(stage.found);
    const target = flashTarget(stage.found);
    if (canWriteHandedness(target)) this.store.setState({ hand });
    // Refused for that chip: back to the setup, which says why.
    if (!this.firmware.checked) return this.store.setState({ stage: { kind: 'setup' } });
    this.store.setState({ stage: { kind: 'waiting', jumped: true, slow: false } });
    await this.wait.until(target);
  }

  async chooseBootloader(): Promise<void> {
    const target = this.target();
    if (target) await this.wait.choose(target);
  }

  private async flashWith(connection: BootloaderConnection, target: FlashTarget): Promise<void> {
    const checked = this.firmware.checked;
    // Found twice (a poll and a pick at once), or no longer wanted: give the device back.
    if (this.state.stage.kind !== 'waiting' || !checked) return connection.close();
    this.wait.stop();
    this.abort = new AbortController();
    this.store.setState({ stage: { kind: 'flashing', progress: null, cancelling: false } });
    const onProgress = everyPercent((progress) => {
      const stage = this.state.stage;
      if (stage.kind === 'flashing') this.store.setState({ stage: { ...stage, progress } });
    });
    const previous = this.state.keyboard?.path ?? null;
    try {
      const outcome = await flashBootloader(
        connection,
        {
          target,
          image: checked.image,
          uf2File: checked.format === 'uf2' ? this.firmware.bytes : null,
          hand: this.state.hand ?? null,
        },
        { signal: this.abort.signal, onProgress, timers: this.deps.timers },
      );
      this.store.setState({ stage: { kind: 'returning', outcome } });
      const back = await this.awaitKeyboard(previous);
      const now = this.deps.devices.getState().keyboard;
      const backup = this.state.backup;
      // What the new firmware holds of the Keychron settings, read as the backup's were.
      const keychron =
        back && backup?.file.keychron ? await this.deps.keychronSettings().catch(() => null) : null;
      this.store.setState({
        stage: {
          kind: 'done',
          outcome,
          hand: canWriteHandedness(target) ? (this.state.hand ?? null) : null,
          back,
          comparison: back && now && backup ? compareWithBackup(backup.file, now, keychron) : null,
        },
      });
    } catch (error) {
      if (!(error instanceof FlashFailure)) {
        this.deps.logError(`Flashing failed: ${reasonOf(error)}`);
        throw error;
      }
      if (flashRefusals.is(error.problem, 'cancelled') && error.keyboardState === 'untouched')
        return this.cancelled(previous);
      this.deps.logError(`Flashing failed: ${error.problem.code} ${JSON.stringify(error.problem.values)}`);
      this.store.setState({
        stage: {
          kind: 'failed',
          problem: error.problem,
          keyboardState: error.keyboardState,
          written: error.written,
        },
      });
    } finally {
      this.abort = null;
    }
  }

  /**
   * Resolves true once the keyboard is back (its ids under a new path) and loaded, selecting it when another
   * keyboard was selected meanwhile; false after RETURN_WAIT_MS.
   */
  private awaitKeyboard(previous: string | null): Promise<boolean> {
    const keyboard = this.state.keyboard;
    return keyboardBack(
      this.deps.devices,
      (d) => d.vendorId === keyboard?.vendorId && d.productId === keyboard.productId,
      previous,
      this.deps.sleep(RETURN_WAIT_MS),
    );
  }

  cancel(): void {
    const stage = this.state.stage;
    if (stage.kind === 'flashing') {
      this.abort?.abort();
      this.store.setState({ stage: { ...stage, cancelling: true } });
    } else if (stage.kind === 'waiting' || stage.kind === 'otherBootloader') {
      this.wait.stop();
      this.cancelled(this.state.keyboard?.path ?? null);
    }
  }

  /**
   * Nothing was written: a virtual board's bootloader starts its firmware again and the board is selected when
   * back; a real one's owner is told to replug it (the dialog's words).
   */
  private cancelled(previous: string | null): void {
    const restarted = this.deps.releaseBootloader();
    this.store.setState({ stage: { kind: 'cancelled', restarted } });
    if (restarted) void this.awaitKeyboard(previous);
  }

  /** The dialog closed while waiting for a bootloader: the wait stops (a flash goes on to its end). */
  stopWaiting(): void {
    if (this.state.stage.kind === 'waiting' || this.state.stage.kind === 'otherBootloader') this.cancel();
  }
}
