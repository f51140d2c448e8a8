import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEMO_KEYBOARDS, findVialDemo } from '../../virtual-keyboard/demoKeyboards.ts';
import { useAppStores } from '../AppContext.tsx';
import { Dialog } from '../common/Dialog.tsx';
import type { DefinitionVersion, ServedDefinition } from '../../definitions/compile.ts';
import { BuildOptionsForm } from './BuildOptionsForm.tsx';
import { UnknownKeyboardEntry } from './UnknownKeyboardEntry.tsx';
import { ZMK_DEMO_BOARD } from '../../virtual-keyboard/zmk/zmkDemo.ts';
import './demoCards.css';

const DEMO_DESCRIPTIONS: Record<string, string> = {
  aurora75: 'demo.aurora75',
  lumen65: 'demo.lumen65',
  orbitpad: 'demo.orbitpad',
};
/** The Vial board offered beside the VIA ones (its Vial protocol 5 twin is reached by `?virtual=vial-demo-v5`). */
const VIAL_DEMO = findVialDemo('vial-demo')!;

export function VirtualKeyboardDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('devices');
  const { runtime } = useAppStores();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A definition file read and waiting for its firmware choices (second step).
  const [draft, setDraft] = useState<{ definition: ServedDefinition; version: DefinitionVersion } | null>(
    null,
  );

  const run = async (action: () => Promise<void>, close = true) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      if (close) onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={t('virtualTitle')}
      onClose={onClose}
      closeOnBackdrop
      actions={
        draft ? undefined : (
          <button type="button" className="btn" onClick={onClose}>
            {t('close')}
          </button>
        )
      }
    >
      {draft ? (
        <BuildOptionsForm
          definition={draft.definition}
          version={draft.version}
          busy={busy}
          onBack={() => setDraft(null)}
          onBuild={(options) =>
            void run(() => runtime.plugDefinition(draft.definition, draft.version, options))
          }
        />
      ) : (
        <>
          <p className="row-hint">{t('virtualIntro')}</p>
          <ul className="demo-list">
            {DEMO_KEYBOARDS.map((demo) => (
              <li key={demo.id}>
                <button
                  type="button"
                  className="demo-card"
                  disabled={busy}
                  onClick={() => void run(() => runtime.plugDemo(demo.id))}
                >
                  <strong>{demo.name}</strong>
                  <span className="row-hint">{t(DEMO_DESCRIPTIONS[demo.id] ?? 'demo.generic')}</span>
                </button>
              </li>
            ))}
            <li>
              <button
                type="button"
                className="demo-card"
                disabled={busy}
                onClick={() => void run(() => runtime.plugDemo(VIAL_DEMO.id))}
              >
                <strong>{VIAL_DEMO.name}</strong>
                <span className="row-hint">{t('demo.vialDemo')}</span>
              </button>
            </li>
            <li>
              <button
                type="button"
                className="demo-card"
                disabled={busy}
                onClick={() =>
                  void run(async () => (await runtime.zmk.load()).getState().connect('virtual', 'zmk-demo'))
                }
              >
                <strong>{ZMK_DEMO_BOARD.name}</strong>
                <span className="row-hint">{t('demo.zmkDemo')}</span>
              </button>
            </li>
            <UnknownKeyboardEntry disabled={busy} onPlug={(id) => void run(() => runtime.plugDemo(id))} />
          </ul>
          <label className="btn" style={{ width: '100%', justifyContent: 'center' }}>
            {t('fromDefinition')}
            <input
              type="file"
              accept="application/json,.json"
              className="visually-hidden"
              disabled={busy}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file)
                  void run(async () => setDraft(await runtime.readDefinitionFile(await file.text())), false);
              }}
            />
          </label>
        </>
      )}
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </Dialog>
  );
}
