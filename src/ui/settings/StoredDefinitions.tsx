import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { formatVendorProductId } from '../../definitions/vendorProductIds.ts';
import type { StoredDefinitionSummary } from '../../services/storedDefinitions.ts';
import { StoredDefinitionsError } from '../../services/storedRecord.ts';
import { useAppStores } from '../AppContext.tsx';
import { Message } from '../common/Message.tsx';
import { useOutcome } from '../common/outcomes.ts';
import '../common/onDemandParts.css';
import '../devices/connection.css';

/** Settings: the definitions a user loaded for their keyboards, each with Remove. */
export function StoredDefinitions() {
  const { t, i18n } = useTranslation('connection');
  const { runtime } = useAppStores();
  const [list, setList] = useState<StoredDefinitionSummary[] | null>(null);
  // Why the list cannot be read stays here; how a removal went is a notification (the row it was is gone).
  const [unreadable, setUnreadable] = useState<string | null>(null);
  const outcome = useOutcome();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const reload = useCallback(async () => {
    try {
      setList(await runtime.storedDefinitions.list());
    } catch (error) {
      setList([]);
      const reason = error instanceof StoredDefinitionsError ? error.reason : 'unavailable';
      setUnreadable(t(`storage.${reason}`));
    }
  }, [runtime, t]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const remove = async (entry: StoredDefinitionSummary) => {
    const ids = formatVendorProductId(entry.vendorProductId);
    const result = await runtime.forgetDefinition(entry.vendorProductId, entry.version);
    if (result.ok) outcome.show('success', t('stored.removed', { name: entry.name, ids }));
    else outcome.show('error', t(`storage.${result.reason}`));
    await reload();
  };

  return (
    <section className="card stored-definitions" aria-labelledby="settings-stored-definitions">
      <h2 id="settings-stored-definitions" style={{ marginTop: 0 }}>
        {t('stored.title')}
      </h2>
      <p className="row-hint">{t('stored.intro')}</p>
      {list === null ? (
        <p role="status">{t('stored.loading')}</p>
      ) : list.length === 0 ? (
        <p>{t('stored.empty')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('stored.name')}</th>
              <th scope="col">{t('stored.ids')}</th>
              <th scope="col">{t('stored.version')}</th>
              <th scope="col">{t('stored.storedAt')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('stored.remove')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((entry) => {
              const ids = formatVendorProductId(entry.vendorProductId);
              return (
                <tr key={`${entry.version}:${entry.vendorProductId}`}>
                  <td>{entry.name}</td>
                  <td className="mono">{ids}</td>
                  <td>{entry.version}</td>
                  <td>{format.format(entry.storedAt)}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-sm btn-danger"
                      aria-label={t('stored.removeLabel', { name: entry.name, ids })}
                      onClick={() => void remove(entry)}
                    >
                      {t('stored.remove')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {unreadable && <Message kind="error">{unreadable}</Message>}
    </section>
  );
}
