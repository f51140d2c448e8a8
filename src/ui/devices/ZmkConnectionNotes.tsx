import { useTranslation } from '../../i18n/useTranslation.ts';
import type { ZmkErrorCode } from '../../zmk/errors.ts';

/**
 * What to check when a ZMK keyboard does not answer (docs/zmk-studio-protocol.md "Which transport answers",
 * "Split keyboards"), or its port does not open: the connection doctor's notes for ZMK, by what happened.
 */
export function ZmkConnectionNotes({ code }: { code: ZmkErrorCode | 'silent' | 'all' }) {
  const { t } = useTranslation('zmk');
  const notes =
    code === 'all'
      ? ['outputBluetooth', 'splitCentral', 'studioBuilt', 'anotherApp', 'serialPermission']
      : code === 'openFailed'
        ? ['anotherApp', 'serialPermission', 'replug']
        : code === 'timeout' || code === 'silent'
          ? ['outputBluetooth', 'splitCentral', 'studioBuilt', 'anotherApp']
          : code === 'disconnected'
            ? ['replug', 'outputBluetooth']
            : code === 'notStudio'
              ? ['studioBuilt', 'anotherApp']
              : [];
  if (notes.length === 0) return null;
  return (
    <ul className="zmk-notes" aria-label={t('doctor.title')}>
      {notes.map((note) => (
        <li key={note}>{t(`doctor.${note}`)}</li>
      ))}
    </ul>
  );
}
