/**
 * The macro buffer usage tooltip, in the spec's words (core.md §2 Macros pane: 'x / y unit space used'): bytes of
 * the encoded macros over the bytes the keyboard's buffer can hold.
 */
export function macroUsageText(used: number, total: number): string {
  return `${used} / ${total} unit space used`;
}
