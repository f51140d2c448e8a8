import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { ConvertNote } from '../../../convert/convertNotes.ts';
import { useRefusalWords } from '../../common/refusalWords.ts';
import '../../common/onDemandParts.css';

/** What an export or import could not carry, each in the user's language (never dropped silently). */
export function ConvertNotesList({ notes, testId }: { notes: readonly ConvertNote[]; testId: string }) {
  const { t } = useTranslation('convert');
  const refusalWords = useRefusalWords();
  if (notes.length === 0) return null;
  const words = (note: ConvertNote): string => {
    switch (note.kind) {
      case 'unnamedKeycode':
        return t('notes.unnamedKeycode', { ...note, codes: note.codes.join(', ') });
      case 'outsideLayout':
        return t('notes.outsideLayout', { ...note, positions: note.positions.join(', ') });
      case 'notInFormat':
        return t('notes.notInFormat', { ...note, feature: t(`features.${note.feature}`) });
      case 'keyboardStored':
        return t('notes.keyboardStored', {
          format: note.format,
          features: note.features.map((f) => t(`stored.${f}`)).join(t('listSeparator')),
        });
      case 'layoutChosen':
        return t('notes.layoutChosen', { layout: note.layout });
      case 'macroInvalid':
        return t('notes.macroInvalid', {
          macro: note.macro,
          message: typeof note.reason === 'string' ? note.reason : refusalWords(note.reason),
        });
      case 'configLines':
        return t('notes.configLines', { lines: note.lines.join('; ') });
      default:
        return t(`notes.${note.kind}`, { ...note });
    }
  };
  return (
    <section aria-label={t('notesTitle')}>
      <h3 className="row-label">{t('notesTitle')}</h3>
      <ul data-testid={testId}>
        {notes.map((note, i) => (
          <li key={i} data-kind={note.kind}>
            {words(note)}
          </li>
        ))}
      </ul>
    </section>
  );
}
