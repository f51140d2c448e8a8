import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { TESTER_LAYOUT } from '../../definitions/testerLayout.ts';
import { useAppStores } from '../AppContext.tsx';
import { KeyboardCanvas, type CanvasKey } from '../canvas/KeyboardCanvas.tsx';

const NONE: ReadonlySet<number> = new Set();

/** The 108-key board of the Key Tester, in the sliding keyboard area: held keys light up, released ones stay tinted. */
export function TesterBoard() {
  const { t } = useTranslation('tester');
  const states = useStore(useAppStores().tester, (s) => s.keys);
  const keys = useMemo<CanvasKey[]>(
    () =>
      TESTER_LAYOUT.map((k) => ({
        shape: k,
        label: k.label,
        color: k.label.length > 1 ? 'mod' : 'alpha',
        ariaLabel: `${k.code}${states.get(k.code) ? `: ${t(states.get(k.code) === 'down' ? 'stateDown' : 'stateUp')}` : ''}`,
        testState: states.get(k.code),
      })),
    [states, t],
  );
  return <KeyboardCanvas keys={keys} selected={NONE} ariaLabel={t('boardLabel')} />;
}
