import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { VIRTUAL_KEYBOARD_CHOICES } from '../../services/virtualKeyboardChoices.ts';
import { useAppStores } from '../AppContext.tsx';
import { Dialog } from '../common/Dialog.tsx';
import type { DefinitionVersion, ServedDefinition } from '../../definitions/compile.ts';
import { BuildOptionsForm } from './BuildOptionsForm.tsx';
import { DemoCard } from './DemoCard.tsx';
import { UnknownKeyboardEntry } from './UnknownKeyboardEntry.tsx';
import '../common/onDemandParts.css';
import './demoCards.css';

const DEMO_DESCRIPTIONS: Record<string, string> = {
  aurora75: 'demo.aurora75',
  lumen65: 'demo.lumen65',
  orbitpad: 'demo.orbitpad',
  'keychron-q1v2': 'demo.keychronQ1v2',
  'keychron-c1-pro-8k': 'demo.keychronC1Pro8k',
};
const { qmk: QMK_DEMOS, vial: VIAL_DEMO, zmk: ZMK_DEMO } = VIRTUAL_KEYBOARD_CHOICES;

export function VirtualKeyboardDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('devices');
  const { runtime } = useAppStores();
  // What the dialog is doing while it waits (a definition file read and checked, or a keyboard started): said in
  // words beside the disabled cards, so a slow machine never looks as if the choice did nothing.
  const [working, setWorking] = useState<{ kind: 'reading'; file: string } | { kind: 'starting' } | null>(
    null,
  );
  const busy = working !== null;
  const status = useRef<HTMLParagraphElement>(null);
  // The line is under the file button at the end of a list that may scroll: brought into view as it fills.
  useEffect(() => {
    if (working) status.current?.scrollIntoView?.({ block: 'nearest' });
  }, [working]);
  const [error, setError] = useState<string | null>(null);
  // A definition file read and waiting for its firmware choices (second step).
  const [draft, setDraft] = useState<{ definition: ServedDefinition; version: DefinitionVersion } | null>(
    null,
  );

  const run = async (
    action: () => Promise<void>,
    close = true,
    doing: NonNullable<typeof working> = { kind: 'starting' },
  ) => {
    setWorking(doing);
    setError(null);
    try {
      await action();
      if (close) onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setWorking(null);
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
          {/* Busy while a choice is under way; the status line below stays outside it, so it is read out. */}
          <ul className="demo-list" aria-busy={busy}>
            {QMK_DEMOS.map((demo) => (
              <DemoCard
                key={demo.id}
                name={demo.name}
                hint={t(DEMO_DESCRIPTIONS[demo.id] ?? 'demo.generic')}
                disabled={busy}
                onPlug={() => void run(() => runtime.plugDemo(demo.id))}
              />
            ))}
            <DemoCard
              name={VIAL_DEMO.name}
              hint={t('demo.vialDemo')}
              disabled={busy}
              onPlug={() => void run(() => runtime.plugDemo(VIAL_DEMO.id))}
            />
            <DemoCard
              name={ZMK_DEMO.name}
              hint={t('demo.zmkDemo')}
              disabled={busy}
              onPlug={() =>
                void run(async () => (await runtime.zmk.load()).getState().connect('virtual', ZMK_DEMO.id))
              }
            />
            <UnknownKeyboardEntry disabled={busy} onPlug={(id) => void run(() => runtime.plugDemo(id))} />
          </ul>
          <label className="btn demo-file" aria-disabled={busy || undefined}>
            {t('fromDefinition')}
            <input
              type="file"
              accept="application/json,.json"
              className="visually-hidden"
              disabled={busy}
              onChange={(e) => {
                const file = e.target.files?.[0];
                // The same file chosen again after a refusal is a new choice.
                e.target.value = '';
                if (file)
                  void run(async () => setDraft(await runtime.readDefinitionFile(await file.text())), false, {
                    kind: 'reading',
                    file: file.name,
                  });
              }}
            />
          </label>
          {/* Always in the page (a live region added with its text is often not read out), empty when idle. */}
          <p ref={status} role="status" className="demo-working">
            {working && (
              <>
                <span className="spinner" aria-hidden />
                {working.kind === 'reading'
                  ? t('readingDefinition', { file: working.file })
                  : t('startingVirtual')}
              </>
            )}
          </p>
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
