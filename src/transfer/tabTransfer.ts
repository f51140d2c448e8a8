import { ERROR_238, ViaError } from '../protocol/errors.ts';
import {
  dataChunk,
  fileInfo,
  firmwareInfo,
  matrixInfo,
  replyMarkers,
  TRANSFER,
  TRANSFER_ERROR,
} from './frames.ts';
import type { TransferLink } from './links.ts';
import { sendStop, TransferFailure } from './transferFailure.ts';

export interface TransferCallbacks {
  /** Bytes the keyboard has accepted so far. */
  onProgress?(sent: number): void;
  /** Checked before each chunk; when true, the transfer stops and the keyboard is told (226). */
  isCanceled?(): boolean;
}

export type TransferOutcome = 'completed' | 'canceled';

/** Opens a transfer with its info frame; a refusal marker (or 238 in byte 0) is 'Error: 238'. */
async function open(link: TransferLink, command: number, params: number[]): Promise<{ ack: boolean }> {
  const reply = (await link.send(command, params, true))!;
  const { refused, ack } = replyMarkers(reply, params.length);
  if (refused || reply[0] === TRANSFER_ERROR)
    throw new ViaError(ERROR_238, { commandBytes: [command, ...params], responseBytes: [...reply] });
  // Serial: the flag says whether chunks are answered. HID answers every frame anyway; there the flag says the
  // board acknowledges each chunk, so several may be in flight at once (links.ts).
  return { ack };
}

async function sendChunks(
  link: TransferLink,
  command: number,
  data: Uint8Array,
  ack: boolean,
  callbacks: TransferCallbacks,
  progress: { sent: number },
): Promise<TransferOutcome> {
  for (let offset = 0; offset < data.length; offset += link.chunkSize) {
    if (callbacks.isCanceled?.()) {
      await link.send(TRANSFER.CANCEL, [], link.kind === 'hid');
      return 'canceled';
    }
    progress.sent = offset;
    const size = Math.min(link.chunkSize, data.length - offset);
    // A refused chunk (238) or a failed one throws here or at the flush below (pipelined links).
    await link.sendChunk(command, dataChunk(data, offset, size), ack);
    callbacks.onProgress?.(offset + size);
  }
  await link.flush();
  return 'completed';
}

/**
 * Runs a transfer so that it ends cleanly (issue #18.6): on any failure the keyboard is told to stop (226,
 * best effort) so it leaves its receiving state, and the error becomes a TransferFailure saying where the
 * keyboard stands.
 */
async function endCleanly(
  link: TransferLink,
  total: number,
  run: (progress: { opened: boolean; sent: number }) => Promise<TransferOutcome>,
): Promise<TransferOutcome> {
  const progress = { opened: false, sent: 0 };
  try {
    return await run(progress);
  } catch (error) {
    // A refused opening frame (238) means the keyboard never started receiving: nothing to stop.
    const refused = !progress.opened && error instanceof ViaError && error.message === ERROR_238;
    if (refused) throw new TransferFailure(error, 'untouched', 0, total);
    const stopped = await sendStop(link);
    const state = !stopped ? 'unknown' : progress.opened ? 'stopped' : 'untouched';
    throw new TransferFailure(error, state, progress.sent, total);
  }
}

export interface MatrixAnimation {
  frames: number;
  fps: number;
  rows: number;
  cols: number;
  /** RGB triples, frame by frame, row by row. */
  data: Uint8Array;
}

/** Saves a matrix-lighting animation to the keyboard: 192 info, then 193 chunks. */
export async function sendMatrixLighting(
  link: TransferLink,
  animation: MatrixAnimation,
  callbacks: TransferCallbacks = {},
): Promise<TransferOutcome> {
  const { frames, fps, rows, cols, data } = animation;
  return endCleanly(link, data.length, async (progress) => {
    const { ack } = await open(link, TRANSFER.MATRIX_INFO, matrixInfo(frames, fps, rows, cols));
    progress.opened = true;
    return sendChunks(link, TRANSFER.MATRIX_DATA, data, ack, callbacks, progress);
  });
}

/** Sends a screen file: 224 with its first 20 bytes, then the whole file in 225 chunks; 226 on cancel. */
export async function sendTabFile(
  link: TransferLink,
  file: Uint8Array,
  callbacks: TransferCallbacks = {},
): Promise<TransferOutcome> {
  return endCleanly(link, file.length, async (progress) => {
    const { ack } = await open(link, TRANSFER.FILE_INFO, fileInfo(file));
    progress.opened = true;
    return sendChunks(link, TRANSFER.FILE_DATA, file, ack, callbacks, progress);
  });
}

/** Flashes a .uf2 image: 240 with its size and first 32 bytes, then 241 chunks; 226 on cancel. */
export async function sendFirmware(
  link: TransferLink,
  image: Uint8Array,
  callbacks: TransferCallbacks = {},
): Promise<TransferOutcome> {
  return endCleanly(link, image.length, async (progress) => {
    const { ack } = await open(link, TRANSFER.FIRMWARE_INFO, firmwareInfo(image));
    progress.opened = true;
    return sendChunks(link, TRANSFER.FIRMWARE_DATA, image, ack, callbacks, progress);
  });
}
