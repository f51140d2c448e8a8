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

/** Input types the browser edits as text, with its own undo of what was typed. */
const TEXT_INPUTS = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number']);

/**
 * Whether a key press on `target` goes to a text field (a text input, a textarea, editable content), where the
 * browser's own undo of the typing must win. Drop-downs, sliders, check boxes and buttons have no undo of their
 * own: there the app's shortcuts apply.
 */
export function editsText(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement) return !target.readOnly;
  if (target instanceof HTMLInputElement) return TEXT_INPUTS.has(target.type) && !target.readOnly;
  return false;
}
