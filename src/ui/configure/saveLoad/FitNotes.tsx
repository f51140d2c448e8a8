import { useId } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { FitNote } from '../../../formats/layoutFit.ts';

/**
 * What a file (the backup taken before a flash) cannot put back on the keyboard as its firmware now is: layers,
 * macros and encoders it has no room for, keycodes it does not know, settings it does not have. Shown by the
 * flash dialog's comparison and by the Load preview.
 */
export function FitNotes({
  notes,
  unknown = 0,
  missingValues = 0,
  layoutOptionsMissing = false,
}: {
  notes: readonly FitNote[];
  unknown?: number;
  missingValues?: number;
  layoutOptionsMissing?: boolean;
}) {
  const { t } = useTranslation('sheets');
  const id = useId();
  const lines = notes.map((note) => {
    const last = note.from + note.count - 1;
    if (note.kind === 'layers') return t('fitNote.layers', { first: note.from, last, layers: note.from });
    if (note.kind === 'macros')
      return t('fitNote.macros', { count: note.count, last: note.from - 1, macros: note.from });
    return t('fitNote.encoders', { first: note.from, last, encoders: note.from });
  });
  if (unknown > 0) lines.push(t('fitNote.unknown', { count: unknown }));
  if (missingValues > 0) lines.push(t('fitNote.values', { count: missingValues }));
  if (layoutOptionsMissing) lines.push(t('fitNote.layoutOptions'));
  if (lines.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="flash-label">
        {t('previewNotRestored')}
      </h3>
      <ul className="flash-notes" data-testid="not-restored">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
