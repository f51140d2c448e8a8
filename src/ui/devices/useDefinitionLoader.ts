import { useCallback, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useAppStores } from '../AppContext.tsx';
import { readText } from '../common/readFile.ts';
import { useDefinitionNotice } from './DefinitionNotice.tsx';

export interface LoaderMessage {
  kind: 'error' | 'success' | 'warning';
  text: string;
}

/**
 * Loads a definition file for the connected keyboard at `path`: refusals and storage trouble become a message
 * in the user's language; an accepted file reloads the keyboard (the device store does that), then
 * `onAccepted` runs (the doctor closes itself).
 */
export function useDefinitionLoader(path: string | null, onAccepted?: () => void) {
  const { t, i18n } = useTranslation('connection');
  const { runtime } = useAppStores();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<LoaderMessage | null>(null);
  const notice = useDefinitionNotice();

  const load = useCallback(
    async (file: File) => {
      if (!path) return;
      setBusy(true);
      setMessage(null);
      try {
        const text = await readText(file).catch(() => null);
        if (text === null) {
          setMessage({ kind: 'error', text: t('refusal.readFailed') });
          return;
        }
        const result = await runtime.loadDefinitionFor(path, text);
        if (!result.ok) {
          const { refusal } = result;
          if (refusal.code === 'tooLarge') {
            // Numbers in the reader's own digits; strings, so no plural form is picked (src/i18n/strings.ts).
            const { subject, count, limit, where } = refusal;
            const number = (n: number) => n.toLocaleString(i18n.language);
            const params = { count: number(count), limit: number(limit), at: where ? ` (${where})` : '' };
            setMessage({ kind: 'error', text: t(`tooLarge.${subject}`, params) });
          } else {
            const { code, ...params } = refusal;
            setMessage({ kind: 'error', text: t(`refusal.${code}`, params) });
          }
        } else if (!result.stored.ok) {
          // The panel gives way to the keymap at once: the warning is shown where it stays visible.
          notice(t(`storage.${result.stored.reason}`));
        } else {
          setMessage({ kind: 'success', text: t('missing.kept', { name: result.name }) });
        }
        if (result.ok) onAccepted?.();
      } catch (error) {
        setMessage({ kind: 'error', text: error instanceof Error ? error.message : String(error) });
      } finally {
        setBusy(false);
      }
    },
    [path, runtime, t, i18n, onAccepted, notice],
  );
  return { load, busy, message };
}
