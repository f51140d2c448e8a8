import { useTranslation } from 'react-i18next';
import type { VialLoadNote } from '../../../state/vialLayoutFile.ts';

/** What a load or .vil import left out, one clear line each (docs/vial-layout-files.md). */
export function VialLoadNotes({ notes }: { notes: readonly VialLoadNote[] }) {
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
        return t('notice.otherUid', { uid: n.fileUid });
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
    <div className="card" role="status" data-testid="vial-load-notes">
      <p className="row-label">{t('notice.title')}</p>
      <ul className="vial-notices">
        {notes.map((n, i) => (
          <li key={i}>{line(n)}</li>
        ))}
      </ul>
    </div>
  );
}
