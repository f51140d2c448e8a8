import { use, useCallback, useMemo } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useStore } from 'zustand';
import { TESTER_LAYOUT } from '../../definitions/testerLayout.ts';
import { notePositions } from '../../tester/notes.ts';
import { useAppStores, useDevices, useSettings } from '../AppContext.tsx';
import type { CanvasKey } from '../common/canvasKey.ts';
import { KeyboardView } from '../canvas/KeyboardView.tsx';
import { useKeyboardKeys } from '../canvas/useKeyboardKeys.ts';
import { typedKeyName } from '../legends/typedKeyName.ts';
import { useKeySounds } from './keySounds.ts';
import './testerKeys.css';

const NONE: ReadonlySet<number> = new Set();
const TESTER_POSITIONS = new Map(notePositions(TESTER_LAYOUT).map((p, i) => [TESTER_LAYOUT[i]!.code, p]));

/**
 * The Key Tester's board in the sliding keyboard area: the 108-key board for typed keys, or, in matrix test
 * mode, the connected keyboard's own layout lit from its switch matrix. Held keys light up, released ones stay
 * tinted, and each plays a note when Key Sounds is on.
 */
export function TesterBoard() {
  const { t } = useTranslation('tester');
  const tester = use(useAppStores().tester.load());
  const typed = useStore(tester, (s) => s.keys);
  const matrixTest = useStore(tester, (s) => s.matrixTest);
  const matrixKeys = useStore(tester, (s) => s.matrixKeys);
  const keyboard = useDevices((s) => s.keyboard);
  const sound = useSettings((s) => s.testKeyboardSoundsSettings);
  const drawn = useKeyboardKeys(matrixTest ? keyboard : null, 0);

  const matrixPositions = useMemo(() => {
    const positions = notePositions(drawn.map((d) => d.key));
    return new Map(drawn.map((d, i) => [d.matrixIndex, positions[i]!]));
  }, [drawn]);
  const typedPosition = useCallback((code: string) => TESTER_POSITIONS.get(code), []);
  const matrixPosition = useCallback((index: number) => matrixPositions.get(index), [matrixPositions]);
  useKeySounds(typed, typedPosition, sound);
  useKeySounds(matrixKeys, matrixPosition, sound);

  const keys = useMemo<CanvasKey[]>(() => {
    const stateName = (s: 'down' | 'up' | undefined) =>
      s ? `: ${t(s === 'down' ? 'stateDown' : 'stateUp')}` : '';
    if (matrixTest && drawn.length > 0)
      return drawn.map((d) => {
        const state = matrixKeys.get(d.matrixIndex);
        return { ...d.canvas, ariaLabel: `${d.canvas.ariaLabel}${stateName(state)}`, testState: state };
      });
    return TESTER_LAYOUT.map((k) => ({
      shape: k,
      label: k.label,
      color: k.label.length > 1 ? 'mod' : 'alpha',
      ariaLabel: `${typedKeyName(k.code)}${stateName(typed.get(k.code))}`,
      testState: typed.get(k.code),
    }));
  }, [matrixTest, drawn, matrixKeys, typed, t]);

  return (
    <KeyboardView
      keys={keys}
      selected={NONE}
      ariaLabel={matrixTest && drawn.length > 0 ? t('matrixBoardLabel') : t('boardLabel')}
    />
  );
}
