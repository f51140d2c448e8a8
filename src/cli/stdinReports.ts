import { REPORT_LENGTH } from '../protocol/commands.ts';
import type { CliIo } from './cliCommand.ts';

/**
 * The 32-byte requests on stdin, one at a time as they arrive (a bridge answers each before reading on).
 * Trailing bytes that do not make a whole request are reported on stderr when the input ends.
 */
export async function* stdinReports(io: CliIo): AsyncGenerator<Uint8Array> {
  let pending = Buffer.alloc(0);
  for await (const chunk of io.stdin as AsyncIterable<Buffer>) {
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= REPORT_LENGTH) {
      const request = new Uint8Array(pending.subarray(0, REPORT_LENGTH));
      pending = pending.subarray(REPORT_LENGTH);
      yield request;
    }
  }
  if (pending.length > 0) {
    io.stderr.write(`Ignored ${pending.length} trailing bytes (requests are 32 bytes each)\n`);
  }
}

/** Writes `bytes` to stdout and waits until they are flushed. */
export function writeStdout(io: CliIo, bytes: Uint8Array): Promise<void> {
  return new Promise<void>((resolve) => io.stdout.write(Buffer.from(bytes), () => resolve()));
}
