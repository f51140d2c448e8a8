import type { StoreApi } from 'zustand/vanilla';
import type { BootloaderConnection } from '../flash/bootloaderConnection.ts';
import { flashRefusals } from '../flash/flashRefusals.ts';
import type { Refusal } from '../lib/refusal.ts';
import type { FlashedState, FlashOutcome } from '../flash/FlashSession.ts';
import type { FlashProtocol, FlashTarget } from '../bootloaders/flashTargets.ts';
import type { Hand } from '../flash/handedness.ts';
import { FIRMWARE_FILE_LIMIT, type FirmwareFormat } from '../flash/readFirmwareFile.ts';
import type { FitNote } from '../formats/layoutFit.ts';
import type { KeychronSettings } from '../qmk/keychronSettings.ts';
import type { Timers } from '../lib/timers.ts';
import type { JobProgress } from '../services/bootloaderFlash.ts';
import type { DeviceState } from './deviceStore.ts';
import type { BackupComparison, FlashBackup } from './flashBackup.ts';
import type { KeyValueStorage } from './storage.ts';
import type { VialFeaturesState } from './vialFeaturesStore.ts';

/*
 * The QMK flashing flow's state (issue 29): what the flash dialog renders (`QmkFlashState`, made by
 * qmkFlashStore.ts, its steps in qmkFlashRunner.ts) and what the app hands it (`QmkFlashDeps`).
 */

/** The keyboard a flash is for, as it was when the flash began (it leaves the bus while it runs). */
export interface FlashKeyboard {
  path: string;
  name: string;
  vendorId: number;
  productId: number;
  vendorProductId: number;
  /** Where QK_BOOT is on its keymap, if anywhere (the reset a firmware without VIA's jump still has). */
  bootKey: { layer: number; row: number; col: number } | null;
  /** A Keychron board (its firmware refuses VIA's jump; its Keychron settings are backed up too). */
  keychron: boolean;
  /** A virtual board reset by hand (its firmware refuses the jump): whether it also has a reset button. */
  virtualReset: { resetButton: boolean } | null;
}

/** Where a flash stands; the dialog shows one screen per stage. */
export type FlashStage =
  | { kind: 'setup' }
  | { kind: 'backingUp' }
  | { kind: 'entering' }
  /** Waiting for the bootloader: `jumped` false when the firmware refused VIA's jump (reset it by hand). */
  | { kind: 'waiting'; jumped: boolean; slow: boolean }
  /** Another known bootloader came up than the one chosen (`found`: its target id): switch to it, or cancel. */
  | { kind: 'otherBootloader'; found: string }
  /** The user stopped before anything was written; `restarted` when the board was put back into its firmware. */
  | { kind: 'cancelled'; restarted: boolean }
  | { kind: 'flashing'; progress: JobProgress | null; cancelling: boolean }
  | { kind: 'returning'; outcome: FlashOutcome }
  | {
      kind: 'done';
      outcome: FlashOutcome;
      back: boolean;
      comparison: BackupComparison | null;
      /** The EE_HANDS half written after the firmware, if any. */
      hand: Hand | null;
    }
  | {
      kind: 'failed';
      problem: Refusal;
      /** Where the failure left the keyboard (the bootloader stays until it is flashed, when incomplete). */
      keyboardState: FlashedState;
      written: number;
    };

/** The firmware file picked: what the dialog shows of it (the image itself stays in the runner). */
export interface PickedFile {
  name: string;
  size: number;
  format: FirmwareFormat | null;
  /** Bytes that will be written, when the file was accepted. */
  bytes: number | null;
  problem: Refusal | null;
  /**
   * An accepted file the user must confirm ("Flash anyway"): it names another keyboard's USB ids, or none
   * (firmwareCheck.ts `keyboardWarning`).
   */
  warning: Refusal | null;
}

/** A restore asked for from the flash dialog, for Save + Load to preview and apply. */
export interface RestoreRequest {
  vendorProductId: number;
  text: string;
  fileName: string;
  notes: FitNote[];
}

export interface QmkFlashState {
  open: boolean;
  keyboard: FlashKeyboard | null;
  targetId: string | null;
  /**
   * EE_HANDS: the half to write, null for none; undefined until the user answered (the dialog asks, on
   * bootloaders that can write it, before Flash is offered: no silent default).
   */
  hand: Hand | null | undefined;
  file: PickedFile | null;
  backup: { savedAt: number; file: FlashBackup } | null;
  stage: FlashStage;
  restore: RestoreRequest | null;
  /** Opens the dialog for the selected keyboard (a finished flash starts over; a running one is shown). */
  openFor(): void;
  /** Closes the dialog, unless a flash is writing (waiting for a bootloader stops). */
  close(): void;
  chooseTarget(id: string): void;
  chooseHand(hand: Hand | null): void;
  /** Reads and checks a picked file; `size` is the file's when it was refused unread (too large to be firmware). */
  chooseFile(name: string, bytes: Uint8Array, size?: number): void;
  /** Whether this browser (or a virtual bootloader) can reach a bootloader of this protocol. */
  canReach(protocol: FlashProtocol): boolean;
  /** The picked file's bytes (to download it, for a copy by hand where the browser cannot write to a drive). */
  fileBytes(): Uint8Array | null;
  /** A virtual board's test image for its chip (the demos: nothing needs to be downloaded). */
  useDemoFirmware(): Promise<void>;
  /**
   * Backup, enter the bootloader, wait for it, flash, wait for the keyboard, compare. A file with a warning
   * starts only with `anyway` (the user confirmed it).
   */
  start(anyway?: boolean): Promise<void>;
  /**
   * A virtual board whose firmware refused the jump, reset by hand as its owner would: plugged in holding Esc
   * (`bootmagic`, which clears its settings first) or by its reset button.
   */
  resetByHand(bootmagic: boolean): Promise<void>;
  /** The browser's chooser filtered to the bootloader's ids (call from a click). */
  chooseBootloader(): Promise<void>;
  cancel(): void;
  /** Takes the bootloader that came up instead of the chosen one (`otherBootloader`) and flashes with it. */
  switchBootloader(): Promise<void>;
  /** After a failure: wait for the bootloader again and flash the same file. */
  flashAgain(): Promise<void>;
  /** Hands the compared backup to Save + Load's preview and closes the dialog. */
  askRestore(): void;
  /** Save + Load takes the restore asked for this keyboard (once). */
  takeRestore(vendorProductId: number): RestoreRequest | null;
}

/** Finds and opens bootloaders (transport/bootloaderFinder.ts). */
export interface BootloaderLookup {
  find(target: FlashTarget): Promise<BootloaderConnection | null>;
  findOther(target: FlashTarget): Promise<FlashTarget | null>;
  choose(target: FlashTarget): Promise<BootloaderConnection | null>;
  canReach(protocol: FlashProtocol): boolean;
}

export interface QmkFlashDeps {
  devices: StoreApi<DeviceState>;
  bootloaders: BootloaderLookup;
  storage: KeyValueStorage;
  vialFeatures(): StoreApi<VialFeaturesState> | null;
  /** Keyboards whose layout backup was taken this session (a later load keeps it). */
  backedUp: Set<number>;
  /** The bootloader a virtual board's firmware jumps to (the demos), else null. */
  targetHint(path: string): string | null;
  /**
   * Starts the application of a virtual board's bootloader (the demos, a flash cancelled); false when there was
   * none: a real board is replugged by its owner.
   */
  releaseBootloader(): boolean;
  /** How a virtual board is reset by hand when its firmware refuses the jump (Keychron's), else null. */
  virtualReset(path: string): { resetButton: boolean } | null;
  /** Resets a virtual board into its bootloader by hand; false for a real keyboard. */
  resetByHand(path: string, bootmagic: boolean): Promise<boolean>;
  /**
   * The selected keyboard's Keychron settings (what its panes and layout files hold), null when it is not a
   * Keychron board; rejects when they cannot be read.
   */
  keychronSettings(): Promise<KeychronSettings | null>;
  /** A test image for a virtual board's chip, or null for a real keyboard. */
  demoFirmware(path: string, target: FlashTarget): Promise<{ name: string; bytes: Uint8Array } | null>;
  now(): number;
  sleep(ms: number): Promise<void>;
  timers: Timers;
  logError(message: string): void;
}

/** Whether a picked file is worth reading: one far larger than any firmware is refused by its size alone. */
export const firmwareFileReadable = (size: number): boolean => size <= FIRMWARE_FILE_LIMIT;

/** Whether a flash failed because the browser could not open the bootloader (on Linux, often a missing udev rule). */
export const bootloaderNotOpened = (problem: Refusal): boolean => flashRefusals.is(problem, 'cannotOpen');
