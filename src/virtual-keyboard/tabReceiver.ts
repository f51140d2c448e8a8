import { blockFamily, parseUf2, looksLikeUf2 } from '../formats/uf2.ts';
import { FILE_HEADER_BYTES, parseDataChunk, TRANSFER, TRANSFER_ERROR } from '../transfer/frames.ts';

/** What the board does with a received screen file: null accepts it, a string is the refusal reason. */
export type FileCheck = (file: Uint8Array) => string | null;

export interface TabReceiverConfig {
  /** The LED grid of a matrix-lighting board. */
  matrix?: { rows: number; cols: number; maxFrames: number };
  /** A board with a screen; `checkFile` validates headers and whole files. */
  screen?: { checkHeader: FileCheck; checkFile: FileCheck; maxBytes: number };
  /** A board that can be flashed over its serial port. */
  firmware?: boolean;
  /**
   * The chip the board's bootloader flashes (a UF2 family id): an image naming another is refused, at its info
   * frame when its first block names it, else when a later block does. Blocks naming no family are taken, as UF2
   * bootloaders do. Absent: any image is taken.
   */
  firmwareFamily?: number;
}

interface Incoming {
  kind: 'matrix' | 'file' | 'firmware';
  buffer: Uint8Array;
  received: Set<number>;
  bytes: number;
  fps: number;
}

/** The stored result of each kind of transfer, for inspection (tests, the virtual keyboard's screen preview). */
export interface ReceivedContent {
  matrix: { frames: number; fps: number; data: Uint8Array } | null;
  screenFile: Uint8Array | null;
  /** The payload of the last firmware image flashed. */
  firmwarePayload: Uint8Array | null;
}

/**
 * The receiving side of the vendor's bulk transfers (docs/adr/0005-bulk-transfers.md), shared by the virtual
 * keyboard's raw-HID and serial interfaces: info frames open a transfer (or refuse it with 238 after the echoed
 * parameters), data frames fill it at their offset, 226 abandons it and reverts to the factory content.
 */
export class TabReceiver {
  private incoming: Incoming | null = null;
  readonly content: ReceivedContent = { matrix: null, screenFile: null, firmwarePayload: null };
  /** The kind of transfer the last frame completed, if it completed one (the board then persists it). */
  completed: Incoming['kind'] | null = null;
  /** Called when a whole firmware image arrived and checked out (the board then reboots). */
  onFirmware: ((payload: Uint8Array) => void) | null = null;

  constructor(private readonly config: TabReceiverConfig) {}

  /**
   * The transfer the board is receiving (it opened one and has not completed or stopped it), or null. A board
   * left receiving ignores its normal content until it is told to stop (226) or restarted (issue #18.6).
   */
  receiving(): Incoming['kind'] | null {
    return this.incoming?.kind ?? null;
  }

  handles(command: number): boolean {
    switch (command) {
      case TRANSFER.MATRIX_INFO:
      case TRANSFER.MATRIX_DATA:
        return this.config.matrix !== undefined;
      case TRANSFER.FILE_INFO:
      case TRANSFER.FILE_DATA:
      case TRANSFER.CANCEL:
        return this.config.screen !== undefined || this.config.firmware === true;
      case TRANSFER.FIRMWARE_QUERY:
      case TRANSFER.FIRMWARE_INFO:
      case TRANSFER.FIRMWARE_DATA:
        return this.config.firmware === true;
      default:
        return false;
    }
  }

  /**
   * Handles one frame in place (the reply echoes the request). `ackChunks` is the flag the board sends in info
   * replies; returns whether the frame is answered on a link that only answers when asked.
   */
  handle(frame: Uint8Array, ackChunks: boolean): boolean {
    this.completed = null;
    switch (frame[0]) {
      case TRANSFER.MATRIX_INFO: {
        const [frames, fps, rows, cols] = [frame[1]!, frame[2]!, frame[3]!, frame[4]!];
        const grid = this.config.matrix!;
        const fits = frames > 0 && frames <= grid.maxFrames && rows === grid.rows && cols === grid.cols;
        this.open(fits ? { kind: 'matrix', size: frames * rows * cols * 3, fps } : null, frame, 4, ackChunks);
        return true;
      }
      case TRANSFER.FILE_INFO: {
        const header = frame.subarray(1, 1 + FILE_HEADER_BYTES);
        const screen = this.config.screen;
        const size = screen && screen.checkHeader(header) === null ? fileSize(header) : -1;
        const fits = size > 0 && size <= screen!.maxBytes;
        this.open(fits ? { kind: 'file', size, fps: 0 } : null, frame, FILE_HEADER_BYTES, ackChunks);
        return true;
      }
      case TRANSFER.FIRMWARE_INFO: {
        const size = ((frame[1]! << 24) | (frame[2]! << 16) | (frame[3]! << 8) | frame[4]!) >>> 0;
        const header = frame.subarray(5, 37);
        const family = blockFamily(header);
        const fits =
          size > 0 &&
          size % 512 === 0 &&
          looksLikeUf2(header) &&
          this.familyFits(family === null ? [] : [family]);
        this.open(fits ? { kind: 'firmware', size, fps: 0 } : null, frame, 36, ackChunks);
        return true;
      }
      case TRANSFER.FIRMWARE_QUERY:
        frame[1] = 1;
        return true;
      case TRANSFER.MATRIX_DATA:
      case TRANSFER.FILE_DATA:
      case TRANSFER.FIRMWARE_DATA:
        return this.receive(frame, ackChunks);
      case TRANSFER.CANCEL:
        if (this.incoming?.kind === 'file') this.content.screenFile = null;
        this.incoming = null;
        return true;
      default:
        return false;
    }
  }

  private open(
    accept: { kind: Incoming['kind']; size: number; fps: number } | null,
    frame: Uint8Array,
    paramCount: number,
    ackChunks: boolean,
  ): void {
    this.incoming = accept && {
      kind: accept.kind,
      buffer: new Uint8Array(accept.size),
      received: new Set(),
      bytes: 0,
      fps: accept.fps,
    };
    frame[paramCount + 1] = accept ? 0 : TRANSFER_ERROR;
    frame[paramCount + 2] = accept && ackChunks ? 1 : 0;
  }

  /** Whether every family an image names is the one this board's bootloader flashes. */
  private familyFits(families: readonly number[]): boolean {
    const own = this.config.firmwareFamily;
    return own === undefined || families.every((family) => family === own);
  }

  private receive(frame: Uint8Array, ackChunks: boolean): boolean {
    const incoming = this.incoming;
    const expected = {
      matrix: TRANSFER.MATRIX_DATA,
      file: TRANSFER.FILE_DATA,
      firmware: TRANSFER.FIRMWARE_DATA,
    };
    const { offset, data } = parseDataChunk(frame);
    if (!incoming || expected[incoming.kind] !== frame[0] || offset + data.length > incoming.buffer.length) {
      frame[0] = TRANSFER_ERROR;
      return true;
    }
    incoming.buffer.set(data, offset);
    if (!incoming.received.has(offset)) {
      incoming.received.add(offset);
      incoming.bytes += data.length;
    }
    if (incoming.bytes >= incoming.buffer.length && !this.complete(incoming)) frame[0] = TRANSFER_ERROR;
    return ackChunks || frame[0] === TRANSFER_ERROR;
  }

  /** Stores a finished transfer; false when the whole content fails the board's checks. */
  private complete(incoming: Incoming): boolean {
    this.incoming = null;
    this.completed = incoming.kind;
    const { rows, cols } = this.config.matrix ?? { rows: 1, cols: 1 };
    switch (incoming.kind) {
      case 'matrix':
        this.content.matrix = {
          frames: incoming.buffer.length / (rows * cols * 3),
          fps: incoming.fps,
          data: incoming.buffer,
        };
        return true;
      case 'file':
        if (this.config.screen!.checkFile(incoming.buffer) !== null) return false;
        this.content.screenFile = incoming.buffer;
        return true;
      case 'firmware': {
        const image = parseUf2(incoming.buffer);
        if ('error' in image || !this.familyFits(image.families)) return false;
        this.content.firmwarePayload = image.payload;
        this.onFirmware?.(image.payload);
        return true;
      }
    }
  }
}

/** Header bytes 16–19 hold the payload length (docs/adr/0005); the file is the header plus that. */
function fileSize(header: Uint8Array): number {
  return (
    FILE_HEADER_BYTES + (((header[16]! << 24) | (header[17]! << 16) | (header[18]! << 8) | header[19]!) >>> 0)
  );
}
