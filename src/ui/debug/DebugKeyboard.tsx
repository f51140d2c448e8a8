import { use, useMemo } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useStore } from 'zustand';
import { TESTER_LAYOUT } from '../../definitions/testerLayout.ts';
import { keycodeForEventCode } from '../../keycodes/eventCodes.ts';
import { useAppStores, useDevices } from '../AppContext.tsx';
import type { CanvasKey } from '../common/canvasKey.ts';
import { KeyboardView } from '../canvas/KeyboardView.tsx';
import { useKeyboardKeys } from '../canvas/useKeyboardKeys.ts';
import { typedKeyName } from '../legends/typedKeyName.ts';

const NONE: ReadonlySet<number> = new Set();

/** The Debug canvas: a dummy full-size board or the selected keyboard's layout, lighting typed keys. */
export function DebugKeyboard() {
  const { t } = useTranslation('debug');
  const { runtime } = useAppStores();
  const debug = use(runtime.debug.load());
  const layout = useStore(debug, (s) => s.layout);
  const typed = useStore(debug, (s) => s.keys);
  const keyboard = useDevices((s) => s.keyboard);
  const drawn = useKeyboardKeys(layout === 'keyboard' ? keyboard : null, 0);
  const keys = useMemo<CanvasKey[]>(() => {
    if (layout === 'keyboard' && drawn.length > 0) {
      // A typed key lights every key carrying its keycode on layer 0.
      const byKeycode = new Map<number, 'down' | 'up'>();
      for (const [code, state] of typed) {
        const keycode = keycodeForEventCode(code);
        if (keycode !== null) byKeycode.set(keycode, state);
      }
      return drawn.map((d) => ({
        ...d.canvas,
        testState: byKeycode.get(keyboard?.keymap[0]?.[d.matrixIndex] ?? -1),
      }));
    }
    return TESTER_LAYOUT.map((k) => ({
      shape: k,
      label: k.label,
      color: k.label.length > 1 ? 'mod' : 'alpha',
      ariaLabel: typedKeyName(k.code),
      testState: typed.get(k.code),
    }));
  }, [layout, drawn, typed, keyboard]);
  return <KeyboardView keys={keys} selected={NONE} ariaLabel={t('canvas')} />;
}
