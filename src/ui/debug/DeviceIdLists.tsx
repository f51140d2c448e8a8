import { useTranslation } from '../../i18n/useTranslation.ts';
import { formatIds } from '../../definitions/deviceIds.ts';
import { useDevices } from '../AppContext.tsx';
import { useDoctor } from '../devices/dialogProviders.tsx';

/** A device the browser lets the page reach, as Debug lists it. */
export interface AuthorisedDevice {
  path: string;
  productName: string;
  vendorId: number;
  productId: number;
}

const hex4 = (n: number) => n.toString(16).padStart(4, '0').toUpperCase();

/**
 * Debug's device list said in words first (issue 38): for each device the browser lets the page reach, whether
 * Keyloom can configure it and, when not, what is wrong, with the Connection doctor (which says what to do) one
 * button away. The raw rows (path, ids, recognised) stay behind a disclosure for whoever needs them.
 */
export function DeviceIdLists({ authorised }: { authorised: readonly AuthorisedDevice[] }) {
  const { t } = useTranslation(['debug', 'shell']);
  const recognised = useDevices((s) => s.devices);
  const problems = useDevices((s) => s.problems);
  const openDoctor = useDoctor();
  const found = (d: AuthorisedDevice) => {
    const name = d.productName || formatIds(d.vendorId, d.productId);
    const problem = problems.find((p) => p.path === d.path);
    if (recognised.some((r) => r.path === d.path)) return { ok: true, text: t('lists.ready', { name }) };
    const what = problem
      ? t(`shell:problemDetail.${problem.problem}`, { ids: formatIds(d.vendorId, d.productId) })
      : t('lists.unread');
    return { ok: false, text: t('lists.problem', { name, what }) };
  };
  const findings = authorised.map((d) => ({ path: d.path, ...found(d) }));
  return (
    <>
      {findings.length === 0 ? (
        <p>{t('lists.none')}</p>
      ) : (
        <ul className="debug-findings">
          {findings.map((f) => (
            <li key={f.path} data-ok={f.ok || undefined}>
              {f.text}
            </li>
          ))}
        </ul>
      )}
      {findings.some((f) => !f.ok) && (
        <button type="button" className="btn" onClick={openDoctor}>
          {t('lists.openDoctor')}
        </button>
      )}
      <details className="debug-raw">
        <summary>{t('lists.raw')}</summary>
        <table className="debug-table">
          <thead>
            <tr>
              <th>{t('lists.path')}</th>
              <th>{t('lists.name')}</th>
              <th>{t('lists.ids')}</th>
              <th>{t('lists.recognised')}</th>
            </tr>
          </thead>
          <tbody>
            {authorised.map((d) => (
              <tr key={d.path}>
                <td>
                  <code>{d.path}</code>
                </td>
                <td>{d.productName}</td>
                <td>
                  <code>
                    {hex4(d.vendorId)}:{hex4(d.productId)}
                  </code>
                </td>
                <td>{recognised.some((r) => r.path === d.path) ? t('lists.yes') : t('lists.no')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}
