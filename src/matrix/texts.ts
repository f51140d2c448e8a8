/** The LED grid's on-screen texts (danmaku): printable ASCII only, uppercase, at most the configured length. */
export function normaliseText(input: string, maxLength: number): string {
  return input
    .replace(/[^\x20-\x7e]/g, '')
    .toUpperCase()
    .slice(0, maxLength);
}
