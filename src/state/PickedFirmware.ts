import type { FlashTarget } from '../bootloaders/flashTargets.ts';
import { keyboardWarning } from '../flash/firmwareCheck.ts';
import {
  firmwareSizeProblem,
  readFirmwareFile,
  type CheckedFirmware,
  type FirmwareResult,
} from '../flash/readFirmwareFile.ts';
import type { FlashKeyboard, PickedFile } from './qmkFlashState.ts';

/**
 * The firmware file the user picked for a flash: its bytes (kept here, not in the store) and the image read from
 * them once checked against the chosen chip. The store holds only what the dialog shows of it (`PickedFile`).
 */
export class PickedFirmware {
  private picked: {
    name: string;
    bytes: Uint8Array;
    size: number;
    checked: CheckedFirmware | null;
  } | null = null;

  /** The picked file's bytes (to download it for a copy by hand), if any. */
  get bytes(): Uint8Array | null {
    return this.picked?.bytes ?? null;
  }

  /** The accepted image, or null when no file was picked or it was refused for the chosen chip. */
  get checked(): CheckedFirmware | null {
    return this.picked?.checked ?? null;
  }

  /** `size` is the file's own when it was refused unread (too large to be firmware; `bytes` then empty). */
  pick(name: string, bytes: Uint8Array, size = bytes.length): void {
    this.picked = { name, bytes, size, checked: null };
  }

  forget(): void {
    this.picked = null;
  }

  /**
   * Checks the picked file against `target`'s chip (again, when another bootloader was chosen) and says what the
   * dialog shows of it: null when no file was picked.
   */
  check(target: FlashTarget | null, keyboard: FlashKeyboard | null): PickedFile | null {
    const picked = this.picked;
    if (!picked) return null;
    // A file refused by its size was not read: its (empty) bytes stand for nothing.
    const tooLarge = firmwareSizeProblem(picked.size);
    const result: FirmwareResult | null = tooLarge
      ? { ok: false, problem: tooLarge }
      : target
        ? readFirmwareFile(picked.name, picked.bytes, target)
        : null;
    picked.checked = result?.ok ? result : null;
    return {
      name: picked.name,
      size: picked.size,
      format: result?.ok ? result.format : null,
      bytes: result?.ok ? result.size : null,
      problem: result && !result.ok ? result.problem : null,
      warning: result?.ok && keyboard ? keyboardWarning(result.identity, keyboard) : null,
    };
  }
}
