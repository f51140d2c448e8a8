import { useTranslation } from '../../../i18n/useTranslation.ts';
import { useStore, type StoreApi } from 'zustand';
import {
  KC_DEBOUNCE_ASYM_EAGER_DEFER_PER_KEY,
  KC_DEBOUNCE_ASYM_MAX_MS,
  KC_DEBOUNCE_MAX_MS,
  KC_NKRO_ADAPTIVE,
  KC_NKRO_ON,
  KC_NKRO_SWITCHABLE,
  KC_REPORT_RATE_BASE_HZ,
  KC_REPORT_RATE_DIVIDER_MAX,
} from '../../../qmk/keychronValues.ts';
import type { KeychronSettings } from '../../../qmk/keychronSettings.ts';
import type { KeychronInfo } from '../../../services/keychronSettings.ts';
import type { KeychronState } from '../../../state/keychronStore.ts';
import { NumberField } from '../vial/NumberField.tsx';
import '../../common/onDemandParts.css';

const DEBOUNCE_TYPES = [
  'symDeferGlobal',
  'symDeferPerRow',
  'symDeferPerKey',
  'symEagerPerRow',
  'symEagerPerKey',
  'asymEagerDeferPerKey',
  'none',
] as const;

/**
 * Keychron keyboard settings: firmware version, debounce type and time, USB report rate (boards that report
 * it), NKRO and language where the board reports them. The keyboard stores each at once.
 */
export function KeychronSettingsPane({
  store,
  settings,
  info,
}: {
  store: StoreApi<KeychronState>;
  settings: KeychronSettings;
  info: KeychronInfo | undefined;
}) {
  const { t } = useTranslation('keychron');
  const change = store.getState().change;
  const { debounce, reportRate, nkro, language } = settings;
  const { defaultLayer, factoryReset } = useStore(store);
  return (
    <div className="menu-controls keychron-settings">
      <p className="row-hint">{t('settings.savedAtOnce')}</p>
      {factoryReset && (
        <p className="row-hint" role="status">
          {t('settings.factoryReset')}
        </p>
      )}
      <div className="row">
        <span className="row-label">{t('settings.firmware')}</span>
        <span data-testid="keychron-firmware">{info?.firmware || t('settings.unknown')}</span>
      </div>
      <div className="row">
        <span className="row-label">{t('settings.protocol')}</span>
        <span>{info?.protocol}</span>
      </div>
      {defaultLayer !== null && (
        <div className="row">
          <span className="row-label">
            {t('settings.defaultLayer')}
            <span className="row-hint">{t('settings.defaultLayerHint')}</span>
          </span>
          <span data-testid="keychron-default-layer">{defaultLayer}</span>
        </div>
      )}
      {debounce && (
        <>
          <div className="row">
            <label className="row-label" htmlFor="kc-debounce-type">
              {t('settings.debounceType')}
            </label>
            <select
              id="kc-debounce-type"
              className="select"
              value={debounce.type}
              onChange={(e) =>
                void change({ kind: 'debounce', type: Number(e.target.value), ms: debounce.ms })
              }
            >
              {DEBOUNCE_TYPES.map((id, n) => (
                <option key={id} value={n}>
                  {t(`debounce.${id}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="row">
            <span className="row-label">
              {t('settings.debounceTime')}
              <span className="row-hint">{t('settings.debounceHint')}</span>
            </span>
            <NumberField
              id="kc-debounce-time"
              label={t('settings.debounceTime')}
              unit="ms"
              min={0}
              max={
                debounce.type === KC_DEBOUNCE_ASYM_EAGER_DEFER_PER_KEY
                  ? KC_DEBOUNCE_ASYM_MAX_MS
                  : KC_DEBOUNCE_MAX_MS
              }
              value={debounce.ms}
              onCommit={(ms) => void change({ kind: 'debounce', type: debounce.type, ms })}
            />
          </div>
        </>
      )}
      {reportRate && (
        <div className="row">
          <label className="row-label" htmlFor="kc-report-rate">
            {t('settings.reportRate')}
            <span className="row-hint">{t('settings.reportRateHint')}</span>
          </label>
          <select
            id="kc-report-rate"
            className="select"
            value={reportRate.divider}
            onChange={(e) => void change({ kind: 'reportRate', divider: Number(e.target.value) })}
          >
            {Array.from({ length: KC_REPORT_RATE_DIVIDER_MAX + 1 }, (_, d) => d)
              .filter((d) => reportRate.supported & (1 << d) || d === reportRate.divider)
              .map((d) => (
                <option key={d} value={d}>
                  {t('settings.hz', { hz: KC_REPORT_RATE_BASE_HZ >> d })}
                </option>
              ))}
          </select>
        </div>
      )}
      {nkro !== null && (
        <div className="row">
          <label className="row-label" htmlFor="kc-nkro">
            {t('settings.nkro')}
            <span className="row-hint">
              {nkro & KC_NKRO_ADAPTIVE
                ? t('settings.nkroAdaptive')
                : !(nkro & KC_NKRO_SWITCHABLE) && t('settings.nkroFixed')}
            </span>
          </label>
          <input
            id="kc-nkro"
            type="checkbox"
            checked={!!(nkro & (KC_NKRO_ON | KC_NKRO_ADAPTIVE))}
            disabled={!(nkro & KC_NKRO_SWITCHABLE) || !!(nkro & KC_NKRO_ADAPTIVE)}
            onChange={(e) => void change({ kind: 'nkro', on: e.target.checked })}
          />
        </div>
      )}
      {language !== null && (
        <div className="row">
          <span className="row-label">
            {t('settings.language')}
            <span className="row-hint">{t('settings.languageHint')}</span>
          </span>
          <NumberField
            id="kc-language"
            label={t('settings.language')}
            min={0}
            max={255}
            value={language}
            onCommit={(value) => void change({ kind: 'language', language: value })}
          />
        </div>
      )}
    </div>
  );
}
