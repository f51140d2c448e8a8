/** The streams a subcommand reads and writes (the process's, or a test's). */
export interface CliIo {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/** A subcommand: its arguments and streams in, the exit code out. The dispatcher (main.ts) loads it on demand. */
export type CliCommand = (args: string[], io: CliIo) => Promise<number>;
