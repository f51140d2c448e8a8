import { u32Bytes } from '../protocol/bytes.ts';

/**
 * The vendor line's bulk-transfer frames (extended.md §7, byte layouts in docs/adr/0005-bulk-transfers.md).
 * Shared by the app's sending side and the virtual keyboard's receiving side.
 */
export const TRANSFER = {
  MATRIX_INFO: 192,
  MATRIX_DATA: 193,
  FILE_INFO: 224,
  FILE_DATA: 225,
  CANCEL: 226,
  FIRMWARE_QUERY: 239,
  FIRMWARE_INFO: 240,
  FIRMWARE_DATA: 241,
} as const;

/** The error marker a keyboard puts in a reply to refuse a transfer. */
export const TRANSFER_ERROR = 238;

export const SERIAL_BAUD = 115200;
export const SERIAL_FRAME = 64;
/** Data bytes per serial chunk: 64 − command − 4 offset bytes − length − 2 spare. */
export const SERIAL_CHUNK = SERIAL_FRAME - 8;
/** Data bytes per raw-HID chunk: 32 − command − 4 offset bytes − length. */
export const HID_CHUNK = 26;

/** Bytes of the file a 224 info frame carries. */
export const FILE_HEADER_BYTES = 20;
/** Bytes of the firmware image a 240 info frame carries after the size. */
export const FIRMWARE_HEADER_BYTES = 32;

/** Parameters of the info frame that opens each kind of transfer (after the command byte). */
export function matrixInfo(frames: number, fps: number, rows: number, cols: number): number[] {
  return [frames, fps, rows, cols];
}

export function fileInfo(file: Uint8Array): number[] {
  const header = new Array<number>(FILE_HEADER_BYTES).fill(0);
  file.subarray(0, FILE_HEADER_BYTES).forEach((b, i) => (header[i] = b));
  return header;
}

export function firmwareInfo(image: Uint8Array): number[] {
  const header = new Array<number>(FIRMWARE_HEADER_BYTES).fill(0);
  image.subarray(0, FIRMWARE_HEADER_BYTES).forEach((b, i) => (header[i] = b));
  return [...u32Bytes(image.length), ...header];
}

/** One data chunk's parameters: offset u32, length, data. */
export function dataChunk(data: Uint8Array, offset: number, size: number): number[] {
  const slice = data.subarray(offset, offset + size);
  return [...u32Bytes(offset), slice.length, ...slice];
}

/** Where an info reply carries the refusal marker and the ack flag: right after the echoed parameters. */
export function replyMarkers(
  reply: ArrayLike<number>,
  paramCount: number,
): { refused: boolean; ack: boolean } {
  return { refused: reply[paramCount + 1] === TRANSFER_ERROR, ack: reply[paramCount + 2] === 1 };
}

/** Reads a data chunk's parameters back (the receiving side). */
export function parseDataChunk(frame: ArrayLike<number>): { offset: number; data: number[] } {
  const offset = ((frame[1]! << 24) | (frame[2]! << 16) | (frame[3]! << 8) | frame[4]!) >>> 0;
  const length = frame[5]!;
  return { offset, data: Array.from({ length }, (_, i) => frame[6 + i] ?? 0) };
}
