import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { keychronPatches, type KeychronSection } from '../../../formats/keychronSection.ts';
import type { KeychronPatch } from '../../../qmk/keychronSettings.ts';
import { keychronStoreOfDevice, readyKeychron, unwritablePatch } from '../../../state/keychronLayoutFile.ts';
import { useAppStores } from '../../AppContext.tsx';
import '../../common/onDemandParts.css';

/**
 * The load preview's Keychron part: what the file's Keychron settings change on this board (read first if no
 * Keychron pane did), and what does not fit it. Nothing is written here.
 */
export function KeychronFilePreview({ section }: { section: KeychronSection }) {
  const { t } = useTranslation('keychron');
  const { runtime, commands } = useAppStores();
  const [plan, setPlan] = useState<
    { patches: KeychronPatch[]; notes: string[]; refused: string | null; unsaved: boolean } | null | 'none'
  >(null);
  useEffect(() => {
    const store = keychronStoreOfDevice(runtime.store, commands);
    if (!store) return setPlan('none');
    let live = true;
    void readyKeychron(store).then((now) => {
      if (!live) return;
      if (!now) return setPlan('none');
      const fit = keychronPatches(section, now);
      const { rgb, snapClick } = store.getState().unsaved;
      setPlan({ ...fit, refused: unwritablePatch(now, store, fit.patches), unsaved: rgb || snapClick });
    });
    return () => {
      live = false;
    };
  }, [runtime, commands, section]);
  if (plan === null) return <p className="row-hint">{t('loading')}</p>;
  if (plan === 'none') return <p className="row-hint">{t('file.notKeychron')}</p>;
  if (plan.refused)
    return (
      <section className="load-preview-section" aria-label={t('file.title')}>
        <h3>{t('file.title')}</h3>
        <p className="form-error" role="alert">
          {t('file.refused', { detail: plan.refused })}
        </p>
      </section>
    );
  const count = (kind: KeychronPatch['kind']) =>
    plan.patches
      .filter((p) => p.kind === kind)
      .reduce((n, p) => n + ('entries' in p ? p.entries.length : 1), 0);
  const lines = (
    [
      ['colors', 'file.colours'],
      ['regions', 'file.regions'],
      ['effects', 'file.effects'],
      ['snapClick', 'file.snapClick'],
    ] as const
  )
    .map(([kind, key]) => ({ key, n: count(kind) }))
    .filter((l) => l.n > 0);
  const others = plan.patches.filter((p) => !['colors', 'regions', 'effects', 'snapClick'].includes(p.kind));
  return (
    <section className="load-preview-section" aria-label={t('file.title')}>
      <h3>{t('file.title')}</h3>
      {plan.patches.length === 0 ? (
        <p className="row-hint">{t('file.same')}</p>
      ) : (
        <ul>
          {lines.map((l) => (
            <li key={l.key}>{t(l.key, { count: l.n })}</li>
          ))}
          {others.length > 0 && <li>{t('file.settings', { count: others.length })}</li>}
        </ul>
      )}
      {plan.notes.length > 0 && <p className="row-hint">{t('file.leftOut')}</p>}
      <p className="row-hint">{t('file.saveHint')}</p>
      {plan.unsaved && plan.patches.length > 0 && <p className="row-hint">{t('file.alsoSaves')}</p>}
    </section>
  );
}
