import { useTranslation } from '../../i18n/useTranslation.ts';
import { useAppStores, useErrors } from '../AppContext.tsx';
import { errorsToCsv, hex4 } from '../../formats/errorsCsv.ts';
import { downloadBlob } from '../common/download.ts';
import { useDoctor } from '../devices/dialogProviders.tsx';
import '../common/onDemandParts.css';
import './errors.css';

export default function ErrorsScreen() {
  const { t, i18n } = useTranslation('errors');
  const openDoctor = useDoctor();
  const { errors: store } = useAppStores();
  const errors = useErrors((s) => s.errors);
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });

  return (
    <div className="screen">
      <div className="screen-header">
        <h1>{t('title')}</h1>
        <div className="errors-actions">
          <button type="button" className="btn" onClick={openDoctor}>
            {t('shell:doctorButton')}
          </button>
          <button
            type="button"
            className="btn"
            disabled={errors.length === 0}
            onClick={() =>
              downloadBlob(
                new Blob([errorsToCsv(errors)], { type: 'text/csv;charset=utf-8' }),
                'keyloom-errors.csv',
              )
            }
          >
            {t('downloadCsv')}
          </button>
          <button
            type="button"
            className="btn"
            disabled={errors.length === 0}
            onClick={() => store.getState().clear()}
          >
            {t('clear')}
          </button>
        </div>
      </div>
      {errors.length === 0 ? (
        <p className="card empty-state">{t('empty')}</p>
      ) : (
        <table className="errors-table">
          <thead>
            <tr>
              <th scope="col">{t('time')}</th>
              <th scope="col">{t('device')}</th>
              <th scope="col">{t('vendorId')}</th>
              <th scope="col">{t('productId')}</th>
              <th scope="col">{t('message')}</th>
            </tr>
          </thead>
          <tbody>
            {errors.map((e, i) => (
              <tr key={i}>
                <td>{format.format(e.timestamp)}</td>
                <td>{e.deviceInfo?.productName ?? '—'}</td>
                <td className="mono">{e.deviceInfo ? hex4(e.deviceInfo.vendorId) : '—'}</td>
                <td className="mono">{e.deviceInfo ? hex4(e.deviceInfo.productId) : '—'}</td>
                <td className="errors-message">{e.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
