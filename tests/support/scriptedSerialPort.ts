import type { SerialPortLike } from '../../src/transfer/links.ts';

/**
 * A serial port whose board answers each frame the host writes through `answer` (as many bytes, in one chunk,
 * as it returns), so a test or benchmark can make it send 200,000 bytes at once (issue 33).
 */
export function scriptedSerialPort(answer: (frame: Uint8Array, index: number) => Uint8Array): SerialPortLike {
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let frames = 0;
  const port: SerialPortLike = {
    readable: null,
    writable: null,
    open: async () => {
      Object.assign(port, {
        readable: new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) }),
        writable: new WritableStream<Uint8Array>({
          write: (frame) => {
            const reply = answer(frame, frames++);
            queueMicrotask(() => controller?.enqueue(reply));
          },
        }),
      });
    },
    close: async () => {},
    getInfo: () => ({}),
  };
  return port;
}
