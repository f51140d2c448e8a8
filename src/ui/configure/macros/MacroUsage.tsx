import { useTranslation } from '../../../i18n/useTranslation.ts';

/**
 * The macro buffer's use as the macros stand now (the one being edited included): a bar and the bytes in figures,
 * "34 / 1,023 bytes", in the error colour when they would not fit.
 */
export function MacroUsage({ used, capacity }: { used: number; capacity: number }) {
  const { t, i18n } = useTranslation('panes');
  const figures = t('usage', {
    used: used.toLocaleString(i18n.language),
    total: capacity.toLocaleString(i18n.language),
  });
  const over = used > capacity;
  return (
    <div className={`macro-usage${over ? ' is-over' : ''}`}>
      <div
        className="usage"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={capacity}
        aria-valuenow={Math.min(used, capacity)}
        aria-valuetext={figures}
        aria-label={t('usageLabel')}
      >
        <div
          className="usage-bar"
          style={{ width: `${Math.min(100, (used / Math.max(capacity, 1)) * 100)}%` }}
        />
      </div>
      <span className="macro-usage-figures" aria-hidden>
        {figures}
      </span>
    </div>
  );
}
