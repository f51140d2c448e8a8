import { useState } from 'react';
import type { KeyboardState } from '../../../services/keyboardLoader.ts';
import { KeycodeModal } from '../keymap/KeycodeModal.tsx';
import { KeymapPane } from '../keymap/KeymapPane.tsx';

/**
 * The keymap's keycode picker (categories, keycode buttons, the 'Any' modal) for a keycode field of a Vial pane:
 * the chosen slot takes the code. The same components as the Keymap pane, so every keycode is reachable the same way.
 */
export function VialKeycodePicker({
  keyboard,
  current,
  onAssign,
}: {
  keyboard: KeyboardState;
  /** The chosen slot's keycode, marked in the grid; null when no slot is chosen. */
  current: number | null;
  onAssign(code: number): void;
}) {
  const [anyOpen, setAnyOpen] = useState(false);
  return (
    <>
      <KeymapPane
        keyboard={keyboard}
        current={current}
        disabled={current === null}
        onAssign={onAssign}
        onAny={() => setAnyOpen(true)}
      />
      {anyOpen && (
        <KeycodeModal
          protocol={keyboard.protocol}
          current={current ?? undefined}
          onClose={() => setAnyOpen(false)}
          onConfirm={(code) => {
            setAnyOpen(false);
            onAssign(code);
          }}
        />
      )}
    </>
  );
}
