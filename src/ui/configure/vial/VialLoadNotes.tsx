import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { VialLoadNote } from '../../../state/vialLayoutFile.ts';
import '../../common/onDemandParts.css';

/** What a load or .vil import left out, one clear line each (docs/vial-layout-files.md). */
export function VialLoadNotes({
  notes,
  beforeApply = false,
}: {
  notes: readonly VialLoadNote[];
  /** In the Load preview: the notes are read before anything is written, and set apart as a warning. */
  beforeApply?: boolean;
}) {
  const { t } = useTranslation('vial');
  if (notes.length === 0) return null;
  const feature = (f: string) => t(`notice.feature.${f}`);
  const line = (n: VialLoadNote): string => {
    switch (n.kind) {
      case 'featureMissing':
        return t('notice.featureMissing', { feature: feature(n.feature), count: n.count });
      case 'tooMany':
        return t('notice.tooMany', { feature: feature(n.feature), inFile: n.inFile, onBoard: n.onBoard });
      case 'settingsSkipped':
        return t('notice.settingsSkipped', { qsids: n.qsids.join(', ') });
      case 'unknownNames':
        return t('notice.unknownNames', {
          feature: feature(n.feature),
          index: n.index,
          names: n.names.join(', '),
        });
      case 'writeFailed':
        return t('notice.writeFailed', { message: n.message });
      case 'otherUid':
        return n.fileKeyboard
          ? t('notice.otherUidNamed', { file: n.fileKeyboard, keyboard: n.keyboard })
          : t('notice.otherUid', { uid: n.fileUid, keyboard: n.keyboard });
      case 'notVial':
        return n.fileKeyboard
          ? t('notice.notVialNamed', { file: n.fileKeyboard, keyboard: n.keyboard })
          : t('notice.notVial', { keyboard: n.keyboard });
      case 'tapDanceKeys':
        return t('notice.tapDanceKeys', { ...n, names: n.names.join(', ') });
      case 'extraLayers':
        return t('notice.extraLayers', { inFile: n.inFile, onBoard: n.onBoard });
      case 'outsideMatrix':
        return t('notice.outsideMatrix', { count: n.count });
      case 'macroActions':
        return t('notice.macroActions', { tags: n.tags.join(', ') });
      case 'layoutOptionsIgnored':
        return t('notice.layoutOptionsIgnored');
    }
  };
  return (
    <div
      className={beforeApply ? 'load-preview-warning' : 'card'}
      role="status"
      data-testid={beforeApply ? 'preview-import-notes' : 'vial-load-notes'}
    >
      <p className="row-label">{t(beforeApply ? 'notice.previewTitle' : 'notice.title')}</p>
      <ul className="vial-notices">
        {notes.map((n, i) => (
          <li key={i}>{line(n)}</li>
        ))}
      </ul>
    </div>
  );
}

/** The Load preview's line about a file's Vial part: how many entries and settings it changes. */
export function vialPreview(changes: {
  tapDance: number;
  combos: number;
  keyOverrides: number;
  settings: number;
}): { changes: boolean; node: ReactNode } {
  const total = changes.tapDance + changes.combos + changes.keyOverrides + changes.settings;
  return { changes: total > 0, node: total > 0 ? <VialPreviewLine {...changes} /> : null };
}

function VialPreviewLine(changes: {
  tapDance: number;
  combos: number;
  keyOverrides: number;
  settings: number;
}) {
  const { t } = useTranslation('vial');
  return (
    <section aria-labelledby="preview-vial">
      <h3 id="preview-vial">{t('preview.title')}</h3>
      <p data-testid="preview-vial">{t('preview.body', changes)}</p>
    </section>
  );
}
