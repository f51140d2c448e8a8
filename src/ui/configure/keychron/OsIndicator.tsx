import { useTranslation } from '../../../i18n/useTranslation.ts';
import {
  KC_OS_INDICATOR_CAPS_LOCK,
  KC_OS_INDICATOR_COMPOSE,
  KC_OS_INDICATOR_KANA,
  KC_OS_INDICATOR_MIN_V,
  KC_OS_INDICATOR_NUM_LOCK,
  KC_OS_INDICATOR_SCROLL_LOCK,
} from '../../../qmk/keychronValues.ts';
import type { Hsv, KeychronRgb } from '../../../qmk/keychronSettings.ts';
import { ColorControl } from '../menus/ColorControl.tsx';
import { RangeRow } from './RangeRow.tsx';
import '../../common/onDemandParts.css';

const LOCKS = [
  ['numLock', KC_OS_INDICATOR_NUM_LOCK],
  ['capsLock', KC_OS_INDICATOR_CAPS_LOCK],
  ['scrollLock', KC_OS_INDICATOR_SCROLL_LOCK],
  ['compose', KC_OS_INDICATOR_COMPOSE],
  ['kana', KC_OS_INDICATOR_KANA],
] as const;

/**
 * The OS indicator: which lock lights the board has an LED for (its `supported` bits) and whether each shows,
 * their colour and brightness (the firmware keeps at least 128). A board without such LEDs says so.
 */
export function OsIndicator({
  os,
  onChange,
}: {
  os: KeychronRgb['osIndicator'];
  onChange(disable: number, color: Hsv): void;
}) {
  const { t } = useTranslation('keychron');
  const locks = LOCKS.filter(([, bit]) => os.supported & bit);
  return (
    <fieldset className="keychron-effects">
      <legend>{t('os.title')}</legend>
      {locks.length === 0 ? (
        <p className="row-hint">{t('os.none')}</p>
      ) : (
        <>
          {locks.map(([id, bit]) => (
            <div className="row" key={id}>
              <label className="row-label" htmlFor={`kc-os-${id}`}>
                {t(`os.${id}`)}
              </label>
              <input
                id={`kc-os-${id}`}
                type="checkbox"
                checked={!(os.disable & bit)}
                onChange={(e) => onChange(e.target.checked ? os.disable & ~bit : os.disable | bit, os.color)}
              />
            </div>
          ))}
          <div className="row">
            <span className="row-label">{t('os.colour')}</span>
            <ColorControl
              label={t('os.colour')}
              value={[os.color[0], os.color[1]]}
              onCommit={([h, s]) => onChange(os.disable, [h, s, os.color[2]])}
            />
          </div>
          <RangeRow
            id="kc-os-brightness"
            label={t('os.brightness')}
            hint={t('os.brightnessHint', { min: KC_OS_INDICATOR_MIN_V })}
            min={KC_OS_INDICATOR_MIN_V}
            max={255}
            value={Math.max(os.color[2], KC_OS_INDICATOR_MIN_V)}
            onCommit={(v) => onChange(os.disable, [os.color[0], os.color[1], v])}
          />
        </>
      )}
    </fieldset>
  );
}
