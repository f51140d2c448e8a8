import { useMemo } from 'react';
import { KeyboardView } from '../canvas/KeyboardView.tsx';
import type { KeyboardCanvasProps } from '../canvas/KeyboardCanvas.tsx';
import type { DecorateKeys } from '../common/canvasKey.ts';

/** A family's keyboard on the Configure route, as its screen model gives it to the shell. */
export interface ConfigureKeysProps extends KeyboardCanvasProps {
  /** The keymap tools' marks (fall-through legends, reach, Find's hits …) once they are in use. */
  decorate: DecorateKeys | null;
  /** The key whose last write failed (it shows its old binding again); -1 for none. */
  failed: number;
  /** Pointing at the keyboard or focusing it: the keymap tools load (drag to swap, key commands, marks). */
  onUse(): void;
}

/**
 * Every family's keyboard on Configure (a VIA or Vial board's, a ZMK keyboard's): the keys as the family draws
 * them, the key whose last write failed outlined until the next command, then the keymap tools' marks.
 */
export function ConfigureKeys({ decorate, failed, onUse, keys, ...view }: ConfigureKeysProps) {
  const shown = useMemo(() => {
    const marked = failed < 0 ? keys : keys.map((k, i) => (i === failed ? { ...k, failed: true } : k));
    return decorate ? decorate(marked) : marked;
  }, [keys, failed, decorate]);
  return (
    <div className="keymap-tools-keyboard" onPointerOver={onUse} onFocus={onUse}>
      <KeyboardView keys={shown} {...view} />
    </div>
  );
}
