import type { SerialPortLike } from './links.ts';

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
