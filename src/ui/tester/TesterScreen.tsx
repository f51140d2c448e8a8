import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { useAppStores } from '../AppContext.tsx';

/** Key Tester controls; the board itself sits in the sliding keyboard area (TesterBoard). */
export default function TesterScreen() {
  const { t } = useTranslation('tester');
  const { tester } = useAppStores();
  const states = useStore(tester, (s) => s.keys);

  useEffect(() => {
    const listen = (state: 'down' | 'up') => (event: KeyboardEvent) => {
      if (event.repeat) return;
      // Keep the browser from acting on keys under test (Tab, Space, F-keys …).
      event.preventDefault();
      tester.getState().set(event.code, state);
    };
    const down = listen('down');
    const up = listen('up');
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
      // Leaving /test clears the tested keys.
      tester.getState().reset();
    };
  }, [tester]);

  const held = [...states.values()].filter((s) => s === 'down').length;
  return (
    <div className="screen tester">
      <div className="screen-header">
        <h1>{t('title')}</h1>
        <button type="button" className="btn" onClick={() => tester.getState().reset()}>
          {t('reset')}
        </button>
      </div>
      <p className="row-hint">{t('hint')}</p>
      <p className="row-hint" aria-live="polite">
        {t('summary', { tested: states.size, down: held })}
      </p>
    </div>
  );
}
