import type { VirtualKeyboardConfig } from '../../src/virtual-keyboard/config.ts';
import type { SerialPortLike } from '../../src/transfer/links.ts';

/** A small board with an LED grid and serial firmware, shared by the transfer tests (each adds what it needs). */
export const GRID_BOARD: VirtualKeyboardConfig = {
  name: 'Grid',
  vendorId: 0x4b4c,
  productId: 9,
  protocol: 12,
  rows: 1,
  cols: 2,
  layers: 1,
  macroCount: 0,
  macroBufferSize: 0,
  encoders: 0,
  layoutOptionBytes: 1,
  firmwareVersion: 0x102,
  matrixLighting: { rows: 2, cols: 3, maxFrames: 10 },
  serialFirmware: true,
};

/** Wraps a serial port so every write is seen first (tests and benchmarks count what goes on the wire). */
export function recordingPort(port: SerialPortLike, onWrite: (chunk: Uint8Array) => void): SerialPortLike {
  return {
    get readable() {
      return port.readable;
    },
    get writable() {
      const inner = port.writable;
      return (
        inner &&
        new WritableStream<Uint8Array>({
          async write(chunk) {
            onWrite(chunk);
            const writer = inner.getWriter();
            try {
              await writer.write(chunk);
            } finally {
              writer.releaseLock();
            }
          },
        })
      );
    },
    open: (options) => port.open(options),
    close: () => port.close(),
    getInfo: () => port.getInfo(),
  };
}
