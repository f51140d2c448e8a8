import type { StoreApi } from 'zustand/vanilla';
import { BootloaderOpenError, reasonOf, type BootloaderConnection } from '../flash/bootloaderConnection.ts';
import { keyboardWarning } from '../flash/firmwareCheck.ts';
import { flashRefusals } from '../flash/flashRefusals.ts';
import { byteCount } from '../lib/messageTemplate.ts';
import { FlashFailure } from '../flash/FlashSession.ts';
import { flashTarget, type FlashTarget } from '../bootloaders/flashTargets.ts';
import {
  FIRMWARE_FILE_LIMIT,
  readFirmwareFile,
  type CheckedFirmware,
  type FirmwareResult,
} from '../flash/readFirmwareFile.ts';
import { parseKeycode } from '../keycodes/parse.ts';
import { canWriteHandedness, flashBootloader, type JobProgress } from '../services/bootloaderFlash.ts';
import type { KeychronSettings } from '../qmk/keychronSettings.ts';
import { compareWithBackup, flashBackupFile } from './flashBackup.ts';
import { keyboardBack } from './keyboardBack.ts';
import { saveBackup } from './layoutBackup.ts';
import type { FlashKeyboard, QmkFlashDeps, QmkFlashState } from './qmkFlashState.ts';

/** How often a bootloader is looked for while the keyboard restarts into it. */
export const BOOTLOADER_POLL_MS = 250;
/** After this long without a bootloader the dialog says how to reach it by hand (and, on Linux, udev). */
export const BOOTLOADER_SLOW_MS = 8000;
/** How long the keyboard may take to come back with its new firmware. */
export const RETURN_WAIT_MS = 20_000;

/**
 * The steps of a QMK flash (the store's long-running actions): check the file against the chosen bootloader's
 * chip, back the keyboard up, send VIA's bootloader jump (or ask for the reset by hand), look for the bootloader
 * until it is there (or the user picks it in the browser's chooser), flash it with progress and cancel, wait for
 * the keyboard to come back, and compare it with the backup. One flash at a time; a newer wait ends an older one.
 */
export class QmkFlashRunner {
  private firmware: {
    name: string;
    bytes: Uint8Array;
    size: number;
    checked: CheckedFirmware | null;
  } | null = null;
  /** The wait or flash in progress; replaced (and so stopped) by the next. */
  private run: object | null = null;
  private abort: AbortController | null = null;

  constructor(
    private readonly deps: QmkFlashDeps,
    private readonly store: StoreApi<QmkFlashState>,
  ) {}

  private get state(): QmkFlashState {
    return this.store.getState();
  }

  private target(): FlashTarget | null {
    const id = this.state.targetId;
    return id ? flashTarget(id) : null;
  }

  /** The selected keyboard, as a flash will remember it. */
  selectedKeyboard(): FlashKeyboard | null {
    const { devices, selectedPath, keyboard } = this.deps.devices.getState();
    const device = devices.find((d) => d.path === selectedPath);
    if (!device || !keyboard) return null;
    return {
      path: device.path,
      name: device.productName,
      vendorId: device.vendorId,
      productId: device.productId,
      vendorProductId: device.vendorProductId,
      bootKey: bootKeyOf(keyboard.keymap, keyboard.definition.matrix.cols, keyboard.protocol),
      keychron: !!this.deps.devices.getState().capabilities?.keychron,
      virtualReset: this.deps.virtualReset(device.path),
    };
  }

  fileBytes(): Uint8Array | null {
    return this.firmware?.bytes ?? null;
  }

  forgetFile(): void {
    this.firmware = null;
  }

  pickFile(name: string, bytes: Uint8Array, size = bytes.length): void {
    this.firmware = { name, bytes, size, checked: null };
    this.recheckFile();
  }

  /** Checks the picked file against the chosen chip (again, when another bootloader was chosen). */
  recheckFile(): void {
    const picked = this.firmware;
    const target = this.target();
    if (!picked) return;
    // A file refused by its size was not read: its (empty) bytes stand for nothing.
    const result: FirmwareResult | null =
      picked.size > FIRMWARE_FILE_LIMIT
        ? {
            ok: false,
            problem: flashRefusals.refusal('fileTooLarge', {
              size: byteCount(picked.size),
              max: byteCount(FIRMWARE_FILE_LIMIT),
            }),
          }
        : target
          ? readFirmwareFile(picked.name, picked.bytes, target)
          : null;
    picked.checked = result?.ok ? result : null;
    const keyboard = this.state.keyboard;
    this.store.setState({
      file: {
        name: picked.name,
        size: picked.size,
        format: result?.ok ? result.format : null,
        bytes: result?.ok ? result.size : null,
        problem: result && !result.ok ? result.problem : null,
        warning: result?.ok && keyboard ? keyboardWarning(result.identity, keyboard) : null,
      },
    });
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
    if (!target || !keyboard || !this.firmware?.checked || this.state.stage.kind !== 'setup') return;
    // Which half, asked before anything starts where the bootloader can write it.
    if (canWriteHandedness(target) && this.state.hand === undefined) return;
    // Another keyboard's build (or one that names none) goes on only once the user said so.
    if (this.state.file?.warning && !anyway) return;
    if (live.selectedPath !== keyboard.path || !live.keyboard) return;
    this.store.setState({ stage: { kind: 'backingUp' } });
    let keychron: KeychronSettings | null;
    try {
      keychron = await this.deps.keychronSettings();
    } catch (error) {
      // A backup without them would lose what a bootmagic reset clears: nothing goes further.
      const reason = reasonOf(error);
      this.deps.logError(`Flashing stopped: ${reason}`);
      return this.store.setState({
        stage: {
          kind: 'failed',
          problem: flashRefusals.refusal('backupUnread', { reason }),
          keyboardState: 'untouched',
          written: 0,
        },
      });
    }
    const file = flashBackupFile(live.keyboard, this.deps.vialFeatures(), keychron);
    const savedAt = this.deps.now();
    saveBackup(this.deps.storage, file, savedAt);
    // The restore after the flash is a load: it must not replace this backup with the fresh firmware's keymap.
    this.deps.backedUp.add(keyboard.vendorProductId);
    this.store.setState({ backup: { savedAt, file }, stage: { kind: 'entering' } });
    let jumped = true;
    try {
      await live.commands()!.jumpToBootloader();
    } catch {
      // The firmware has no bootloader jump (QMK dropped it from VIA in 2021) or the keyboard went silent.
      jumped = false;
    }
    this.store.setState({ stage: { kind: 'waiting', jumped, slow: false } });
    await this.awaitBootloader(target);
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
    await this.awaitBootloader(target);
  }

  /** Looks for the bootloader until it is there, the user picks it, or the wait is stopped. */
  private async awaitBootloader(target: FlashTarget): Promise<void> {
    const run = (this.run = {});
    const started = this.deps.now();
    while (this.run === run && this.state.stage.kind === 'waiting') {
      // A drive always needs the user's pick (the folder picker): nothing to poll.
      if (target.protocol !== 'uf2') {
        const connection = await this.deps.bootloaders.find(target).catch((error: unknown) => {
          this.failOpen(error);
          return null;
        });
        if (connection) return this.flashWith(connection, target);
        // The board restarted into the bootloader it has, not the one chosen: name it, offer to switch.
        const other = await this.deps.bootloaders.findOther(target).catch(() => null);
        if (other && this.run === run && this.state.stage.kind === 'waiting') {
          this.run = null;
          return this.store.setState({ stage: { kind: 'otherBootloader', found: other.id } });
        }
      }
      const stage = this.state.stage;
      if (stage.kind === 'waiting' && !stage.slow && this.deps.now() - started > BOOTLOADER_SLOW_MS)
        this.store.setState({ stage: { ...stage, slow: true } });
      await this.deps.sleep(BOOTLOADER_POLL_MS);
    }
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
    if (!this.firmware?.checked) return this.store.setState({ stage: { kind: 'setup' } });
    this.store.setState({ stage: { kind: 'waiting', jumped: true, slow: false } });
    await this.awaitBootloader(target);
  }

  async chooseBootloader(): Promise<void> {
    const target = this.target();
    if (!target || this.state.stage.kind !== 'waiting') return;
    try {
      const connection = await this.deps.bootloaders.choose(target);
      if (connection) await this.flashWith(connection, target);
    } catch (error) {
      this.failOpen(error);
    }
  }

  private failOpen(error: unknown): void {
    if (this.state.stage.kind !== 'waiting') return;
    const reason = error instanceof BootloaderOpenError ? error.reason : reasonOf(error);
    this.run = null;
    this.store.setState({
      stage: {
        kind: 'failed',
        problem: flashRefusals.refusal('cannotOpen', { reason }),
        keyboardState: 'untouched',
        written: 0,
      },
    });
  }

  private async flashWith(connection: BootloaderConnection, target: FlashTarget): Promise<void> {
    const checked = this.firmware?.checked;
    // Found twice (a poll and a pick at once), or no longer wanted: give the device back.
    if (this.state.stage.kind !== 'waiting' || !checked) return connection.close();
    this.run = null;
    this.abort = new AbortController();
    this.store.setState({ stage: { kind: 'flashing', progress: null, cancelling: false } });
    let shown: JobProgress | null = null;
    const onProgress = (progress: JobProgress) => {
      // One update per phase and per 1%: a 60 KB flash reports hundreds of blocks.
      const step = (p: JobProgress) => Math.floor((p.done * 100) / Math.max(1, p.total));
      if (
        shown &&
        shown.phase === progress.phase &&
        shown.part === progress.part &&
        step(shown) === step(progress)
      )
        return;
      shown = progress;
      const stage = this.state.stage;
      if (stage.kind === 'flashing') this.store.setState({ stage: { ...stage, progress } });
    };
    const previous = this.state.keyboard?.path ?? null;
    try {
      const outcome = await flashBootloader(
        connection,
        {
          target,
          image: checked.image,
          uf2File: checked.format === 'uf2' ? this.firmware!.bytes : null,
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
      this.run = null;
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

/** Where QK_BOOT sits on the keymap (first layer first), in the keyboard's keycode numbering. */
function bootKeyOf(keymap: readonly (readonly number[])[], cols: number, protocol: number) {
  const boot = parseKeycode('QK_BOOT', protocol);
  if (boot === null) return null;
  for (const [layer, codes] of keymap.entries()) {
    const index = codes.indexOf(boot);
    if (index >= 0) return { layer, row: Math.floor(index / cols), col: index % cols };
  }
  return null;
}
