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
const TEXT_INPUTS = /^(text|search|email|url|tel|password|number)$/;

/**
 * Whether a key press on `target` goes to a text field (a text input, a textarea, editable content), where the
 * browser's own undo of the typing must win. Drop-downs, sliders, check boxes and buttons have no undo of their
 * own: there the app's shortcuts apply.
 */
export function editsText(target: EventTarget | null): boolean {
  const field = target as Partial<HTMLInputElement> | null;
  return (
    !!field?.isContentEditable ||
    (!field?.readOnly &&
      (field?.tagName === 'TEXTAREA' || (field?.tagName === 'INPUT' && TEXT_INPUTS.test(field.type!))))
  );
}
