import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { useOutcome } from '../../common/outcomes.ts';
import { normaliseText } from '../../../matrix/texts.ts';
import { useAppStores, useDevices } from '../../AppContext.tsx';
import { vendorCommandsOf } from '../../../services/vendorCommandsOf.ts';

/** The LED grid's scrolling texts (the 'danmaku' tab): read from the keyboard, edited, saved together. */
export function MatrixTexts({ count, length }: { count: number; length: number }) {
  const { t } = useTranslation('hardware');
  const { runtime, errors } = useAppStores();
  const commands = useDevices((s) => s.commands());
  const [texts, setTexts] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);
  const outcome = useOutcome();

  useEffect(() => {
    if (!commands) return;
    let live = true;
    const vendor = vendorCommandsOf(commands);
    (async () => {
      const read: string[] = [];
      for (let i = 0; i < count; i++) read.push(normaliseText(await vendor.matrixText(i), length));
      if (live) setTexts(read);
    })().catch((error: unknown) => {
      errors.getState().logAppError({ message: error instanceof Error ? error.message : String(error) });
      if (live) setTexts(Array.from({ length: count }, () => ''));
    });
    return () => {
      live = false;
    };
  }, [commands, count, length, errors]);

  if (!texts) return <p className="row-hint">{t('matrix.loadingTexts')}</p>;

  const save = async () => {
    const target = runtime.store.getState().commands();
    if (!target) return;
    setSaving(true);
    outcome.clear();
    try {
      for (const [i, text] of texts.entries()) await vendorCommandsOf(target).setMatrixText(i, text);
      await target.saveCustomValues(0);
      outcome.show('success', t('matrix.textsSaved'));
    } catch (error) {
      errors.getState().logAppError({ message: error instanceof Error ? error.message : String(error) });
      outcome.show('error', t('matrix.failedToSave'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="matrix-texts"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <p className="row-hint">{t('matrix.textsHint', { length })}</p>
      <ol>
        {texts.map((text, i) => (
          <li key={i}>
            <label>
              <span className="text-number">{i + 1}</span>
              {/* No maxLength: the browser would cut before non-ASCII is stripped; normaliseText cuts after. */}
              <input
                value={text}
                spellCheck={false}
                aria-label={t('matrix.textN', { n: i + 1 })}
                onChange={(e) => {
                  const next = [...texts];
                  next[i] = normaliseText(e.target.value, length);
                  setTexts(next);
                  outcome.clear();
                }}
              />
              <span className="text-count">
                {text.length}/{length}
              </span>
            </label>
          </li>
        ))}
      </ol>
      <button type="submit" className="btn btn-primary" disabled={saving}>
        {t('matrix.save')}
      </button>
    </form>
  );
}
