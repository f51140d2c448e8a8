import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { KeychronLoadNote } from '../../../state/keychronLayoutFile.ts';
import { keychronProblemText } from './keychronProblemText.ts';

/** After a layout file loaded: what its Keychron settings could not do on this board, in the user's language. */
export function KeychronLoadNotes({ notes }: { notes: KeychronLoadNote[] }) {
  const { t } = useTranslation('keychron');
  if (notes.length === 0) return null;
  const words = (note: KeychronLoadNote) => {
    switch (note.kind) {
      case 'notKeychron':
        return t('file.notKeychron');
      case 'leftOut':
        return t('file.leftOut');
      case 'refused':
        return t('file.refused', { detail: note.detail });
      case 'failed':
        return t('file.failed', { message: keychronProblemText(t, note.problem) });
      case 'notHeld':
        return t('file.notHeld', { count: note.count });
      case 'saveFailed':
        return t('save.failed', { message: note.problem ? keychronProblemText(t, note.problem) : '' });
    }
  };
  return (
    <ul className="row-hint" role="status" aria-label={t('file.title')}>
      {notes.map((note, i) => (
        <li key={i}>{words(note)}</li>
      ))}
    </ul>
  );
}
