/** The message of anything thrown, for showing it. */
export function readableError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
