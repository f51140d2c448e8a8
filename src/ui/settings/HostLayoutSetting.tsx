import { useTranslation } from '../../i18n/useTranslation.ts';
import { HOST_LAYOUT_IDS } from '../../keycodes/hostLayout.ts';
import { useAppStores, useSettings } from '../AppContext.tsx';
import { useDetectedLayout } from '../legends/useHostLayout.ts';
import { SettingRow } from '../common/SettingRow.tsx';
import '../common/onDemandParts.css';

/** Settings → "Keyboard layout on this computer": the layout legends are drawn in, or detect it. */
export function HostLayoutSetting() {
  const { t } = useTranslation('sheets');
  const { settings } = useAppStores();
  const value = useSettings((s) => s.hostLayout);
  const detected = useDetectedLayout();
  return (
    <SettingRow label={t('hostLayout')} hint={t('hostLayoutHint')}>
      {(id) => (
        <select
          id={id}
          className="select"
          value={value}
          onChange={(e) =>
            settings
              .getState()
              .update({ hostLayout: HOST_LAYOUT_IDS.find((id) => id === e.target.value) ?? 'auto' })
          }
        >
          <option value="auto">
            {detected ? t('hostLayoutAuto', { layout: t(`layout.${detected}`) }) : t('hostLayoutAutoUnknown')}
          </option>
          {HOST_LAYOUT_IDS.map((layout) => (
            <option key={layout} value={layout}>
              {t(`layout.${layout}`)}
            </option>
          ))}
        </select>
      )}
    </SettingRow>
  );
}
