import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { formatIds } from '../../definitions/deviceIds.ts';
import { parseUsbId, udevRule } from '../../formats/udevRule.ts';
import { CopyButton } from '../common/CopyButton.tsx';
import '../common/onDemandParts.css';

/** The Linux udev rule for one keyboard: from its ids, or from ids the person types (never for every device). */
export function UdevRuleBox({
  ids,
  virtual = false,
}: {
  ids: { vendorId: number; productId: number } | 'ask';
  virtual?: boolean;
}) {
  const { t } = useTranslation('connection');
  const [typed, setTyped] = useState({ vendor: '', product: '' });
  const inputIds = { vendor: useId(), product: useId() };
  const chosen =
    ids === 'ask'
      ? (() => {
          const vendorId = parseUsbId(typed.vendor);
          const productId = parseUsbId(typed.product);
          return vendorId === null || productId === null || (vendorId === 0 && productId === 0)
            ? null
            : { vendorId, productId };
        })()
      : ids;
  const rule = chosen ? udevRule(chosen.vendorId, chosen.productId) : null;
  return (
    <div className="udev" data-testid="udev-rule">
      <h4>{t('doctor.udev.title')}</h4>
      {ids === 'ask' && (
        <>
          <p className="row-hint">{t('doctor.udev.ask')}</p>
          <div className="udev-ids">
            <label htmlFor={inputIds.vendor}>{t('doctor.udev.vendorId')}</label>
            <input
              id={inputIds.vendor}
              className="mono"
              size={6}
              value={typed.vendor}
              onChange={(e) => setTyped({ ...typed, vendor: e.target.value })}
            />
            <label htmlFor={inputIds.product}>{t('doctor.udev.productId')}</label>
            <input
              id={inputIds.product}
              className="mono"
              size={6}
              value={typed.product}
              onChange={(e) => setTyped({ ...typed, product: e.target.value })}
            />
          </div>
          {!rule && (typed.vendor || typed.product) && (
            <p className="message message-error">{t('doctor.udev.invalidIds')}</p>
          )}
        </>
      )}
      {rule && chosen && (
        <>
          <p className="row-hint">
            {t('doctor.udev.body', { path: rule.path, ids: formatIds(chosen.vendorId, chosen.productId) })}
          </p>
          {virtual && <p className="row-hint">{t('doctor.udev.virtualNote')}</p>}
          <pre className="udev-rule">{rule.text}</pre>
          <pre className="udev-rule">{rule.reload}</pre>
          <CopyButton text={rule.text} label={t('doctor.udev.copy')} copiedLabel={t('doctor.udev.copied')} />
        </>
      )}
    </div>
  );
}
