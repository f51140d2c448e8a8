/** The keys of a keydown that the undo shortcuts read. */
export type ShortcutKeys = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

/**
 * Which history step a key press asks for: Ctrl/Cmd+Z undoes, Shift+Ctrl/Cmd+Z redoes, and so does Ctrl+Y, the
 * redo key of Windows and Linux programs (Cmd+Y stays the browser's on a Mac). With Alt (AltGr types characters
 * on many layouts) it is no shortcut.
 */
export function undoShortcut(e: ShortcutKeys): 'undo' | 'redo' | null {
  const key = e.key.toLowerCase();
  if (e.altKey || !(e.ctrlKey || e.metaKey)) return null;
  if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
  return key === 'y' && e.ctrlKey && !e.metaKey && !e.shiftKey ? 'redo' : null;
}
