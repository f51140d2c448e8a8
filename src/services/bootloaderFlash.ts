import type { BootloaderConnection } from '../flash/bootloaderConnection.ts';
import { imageSize, type FirmwareImage } from '../flash/firmwareImage.ts';
import { flashAtmelDfu } from '../flash/flashAtmelDfu.ts';
import { flashCaterina } from '../flash/flashCaterina.ts';
import { flashDfuse } from '../flash/flashDfuse.ts';
import { flashHalfKay } from '../flash/flashHalfKay.ts';
import { flashRefusals } from '../flash/flashRefusals.ts';
import {
  FlashFailure,
  type FlashOptions,
  type FlashOutcome,
  type FlashProgress,
} from '../flash/FlashSession.ts';
import { FLASH_TARGETS, type FlashTarget } from '../bootloaders/flashTargets.ts';
import { flashUf2Drive } from '../flash/flashUf2Drive.ts';
import { handednessImage, type Hand } from '../flash/handedness.ts';
import { writeUf2 } from '../flash/uf2Image.ts';
import type { Timers } from '../lib/timers.ts';

/** What one flash puts on the chip. */
export interface FlashJob {
  target: FlashTarget;
  image: FirmwareImage;
  /** The picked file when it is a UF2 (a drive takes it as it is); otherwise a drive gets the image as UF2. */
  uf2File: Uint8Array | null;
  /** EE_HANDS: which half this board is, written to its EEPROM after the firmware (AVR DFU and Caterina). */
  hand: Hand | null;
}

/** Progress of one part of the job: the firmware, then the handedness EEPROM image. */
export type JobProgress = FlashProgress & { part: 'firmware' | 'handedness' };

export interface JobOptions extends Omit<FlashOptions, 'onProgress'> {
  onProgress?: (progress: JobProgress) => void;
  timers?: Timers;
}

/** Bootloaders whose protocol reaches the EEPROM, so EE_HANDS can be written (docs/flashing-protocols.md). */
export const canWriteHandedness = (target: FlashTarget): boolean =>
  target.eepromSize > 0 && (target.protocol === 'atmel-dfu' || target.protocol === 'avr109');

/**
 * Runs a flash job on an opened bootloader with its protocol's client: checks the bootloader is the target's
 * (its protocol; a HalfKay's block size), writes and verifies the firmware, writes the handedness image when
 * asked (the application starts only after it), and gives the device back to the browser whatever happens.
 * Failures are the clients' `FlashFailure`s (problem, where the keyboard stands, bytes written).
 */
export async function flashBootloader(
  connection: BootloaderConnection,
  job: FlashJob,
  options: JobOptions = {},
): Promise<FlashOutcome> {
  const { target, image, hand } = job;
  const base: FlashOptions = {
    ...(options.signal && { signal: options.signal }),
    ...(options.sleep && { sleep: options.sleep }),
  };
  const part = (name: JobProgress['part']): FlashOptions => ({
    ...base,
    onProgress: (progress) => options.onProgress?.({ ...progress, part: name }),
  });
  const handed = hand !== null && canWriteHandedness(target);
  try {
    refuseOther(connection, target);
    switch (connection.protocol) {
      case 'dfuse':
        return await flashDfuse(connection.device, image, {
          ...part('firmware'),
          interfaceNumber: connection.interfaceNumber,
          layout: connection.layout ?? target.dfuseLayout ?? '',
          ...(connection.transferSize && { transferSize: connection.transferSize }),
        });
      case 'atmel-dfu': {
        const outcome = await flashAtmelDfu(connection.device, image, target, {
          ...part('firmware'),
          start: !handed,
        });
        if (handed)
          await flashAtmelDfu(connection.device, handednessImage(hand), target, {
            ...part('handedness'),
            memory: 'eeprom',
          });
        return outcome;
      }
      case 'avr109': {
        const timers = options.timers ? { timers: options.timers } : {};
        const outcome = await flashCaterina(connection.port, image, target, {
          ...part('firmware'),
          ...timers,
          start: !handed,
        });
        if (handed)
          await flashCaterina(connection.port, handednessImage(hand), target, {
            ...part('handedness'),
            ...timers,
            memory: 'eeprom',
          });
        return outcome;
      }
      case 'halfkay':
        return await flashHalfKay(connection.device, image, target, part('firmware'));
      case 'uf2': {
        const file = job.uf2File ?? writeUf2(image, target.uf2Family ?? 0);
        // The drive gets the file (blocks of 512 bytes); what lands in flash is the image's bytes.
        const { verified } = await flashUf2Drive(connection.folder, file, part('firmware'));
        return { written: imageSize(image), verified };
      }
    }
  } finally {
    await connection.close();
  }
}

/** Fails, touching nothing, when the bootloader picked is not the one the target names. */
function refuseOther(connection: BootloaderConnection, target: FlashTarget): void {
  const other = (found: string) =>
    new FlashFailure(
      flashRefusals.refusal('wrongBootloader', { found, expected: describe(target) }),
      'untouched',
      0,
    );
  if (connection.protocol !== target.protocol) {
    const kind = FLASH_TARGETS.find((t) => t.protocol === connection.protocol);
    throw other(kind ? describe(kind) : connection.name);
  }
  if (connection.protocol === 'halfkay' && connection.reportSize !== null) {
    const block = connection.reportSize - 2;
    if (block !== target.pageSize) {
      const kind = FLASH_TARGETS.find((t) => t.protocol === 'halfkay' && t.pageSize === block);
      throw other(kind ? describe(kind) : `${block}-byte blocks`);
    }
  }
}

/** `ATmega32U4 (Caterina)`: a target as problems name it. */
export const describe = (target: FlashTarget): string => `${target.chip} (${target.bootloader})`;
