import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TESTER_LAYOUT } from '../../definitions/testerLayout.ts';
import { KeyboardCanvas, type CanvasKey } from '../canvas/KeyboardCanvas.tsx';

type TestState = 'down' | 'up';
const NONE: ReadonlySet<number> = new Set();

/** Key Tester: the 108-key board lights up keys while they are down and tints them once released. */
export default function TesterScreen() {
  const { t } = useTranslation('tester');
  const [states, setStates] = useState<ReadonlyMap<string, TestState>>(new Map());

  useEffect(() => {
    const set = (state: TestState) => (event: KeyboardEvent) => {
      if (event.repeat) return;
      // Keep the browser from acting on keys under test (Tab, Space, F-keys …).
      event.preventDefault();
      setStates((prev) => (prev.get(event.code) === state ? prev : new Map(prev).set(event.code, state)));
    };
    const down = set('down');
    const up = set('up');
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, []);

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
  const pressed = [...states.values()].filter((s) => s === 'down').length;

  return (
    <div className="screen tester">
      <div className="errors-header">
        <h1>{t('title')}</h1>
        <button type="button" className="btn" onClick={() => setStates(new Map())}>
          {t('reset')}
        </button>
      </div>
      <p className="row-hint">{t('hint')}</p>
      <KeyboardCanvas keys={keys} selected={NONE} ariaLabel={t('boardLabel')} />
      <p className="row-hint" aria-live="polite">
        {t('summary', { tested: states.size, down: pressed })}
      </p>
    </div>
  );
}
