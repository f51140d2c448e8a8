/**
 * The LED grid's on-screen texts (danmaku): printable ASCII only, uppercase, at most the configured length.
 * Characters outside printable ASCII are removed first, then the text is cut, so a removed character never
 * costs a place; a removed word between two spaces leaves one space, not two ('a é b' → 'A B').
 */
export function normaliseText(input: string, maxLength: number): string {
  return input
    .replace(/( ?)[^\x20-\x7e]+( ?)/g, (_, before: string, after: string) => (before || after ? ' ' : ''))
    .toUpperCase()
    .slice(0, maxLength);
}
