import type { StoreApi } from 'zustand/vanilla';
import type { FlashTarget } from '../bootloaders/flashTargets.ts';
import { BootloaderOpenError, reasonOf, type BootloaderConnection } from '../flash/bootloaderConnection.ts';
import { flashRefusals } from '../flash/flashRefusals.ts';
import type { QmkFlashDeps, QmkFlashState } from './qmkFlashState.ts';

/** How often a bootloader is looked for while the keyboard restarts into it. */
export const BOOTLOADER_POLL_MS = 250;
/** After this long without a bootloader the dialog says how to reach it by hand (and, on Linux, udev). */
export const BOOTLOADER_SLOW_MS = 8000;

/**
 * The `waiting` stage of a QMK flash: looks for the chosen bootloader until it is there (polled, or picked by the
 * user in the browser's chooser) and hands it to `found`; names another known bootloader that came up instead
 * (`otherBootloader`); a bootloader the browser would not open fails the flash with nothing written. One wait at
 * a time: a newer wait, or `stop`, ends an older one.
 */
export class BootloaderWait {
  /** The wait in progress; replaced (and so stopped) by the next. */
  private run: object | null = null;

  constructor(
    private readonly deps: QmkFlashDeps,
    private readonly store: StoreApi<QmkFlashState>,
    private readonly found: (connection: BootloaderConnection, target: FlashTarget) => Promise<void>,
  ) {}

  private get state(): QmkFlashState {
    return this.store.getState();
  }

  /** Ends the wait in progress (a bootloader was found, or the user cancelled). */
  stop(): void {
    this.run = null;
  }

  /** Looks for the bootloader until it is there, the user picks it, or the wait is stopped. */
  async until(target: FlashTarget): Promise<void> {
    const run = (this.run = {});
    const started = this.deps.now();
    while (this.run === run && this.state.stage.kind === 'waiting') {
      // A drive always needs the user's pick (the folder picker): nothing to poll.
      if (target.protocol !== 'uf2') {
        const connection = await this.deps.bootloaders.find(target).catch((error: unknown) => {
          this.failOpen(error);
          return null;
        });
        if (connection) return this.found(connection, target);
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

  /** The user picks the bootloader in the browser's chooser (or the folder picker, for a drive). */
  async choose(target: FlashTarget): Promise<void> {
    if (this.state.stage.kind !== 'waiting') return;
    try {
      const connection = await this.deps.bootloaders.choose(target);
      if (connection) await this.found(connection, target);
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
}
