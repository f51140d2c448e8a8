import { useMemo } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { useStore } from 'zustand';
import { VIALRGB_EFFECT_OFF } from '../../../vial/vialRgbEffects.ts';
import type { VialRgbLink } from '../../../services/vialRgb.ts';
import { vialRgbStoreFor } from '../../../state/vialRgbStore.ts';
import { vialRgbEffect } from '../../../vial/vialRgbEffects.ts';
import { ColorControl } from '../menus/ColorControl.tsx';
import { useRefusalWords } from '../../common/refusalWords.ts';
import type { RefusalValue } from '../../../lib/refusal.ts';
import '../../common/onDemandParts.css';
import '../paneControls.css';
import './vial.css';

/**
 * The Lighting pane of a VialRGB keyboard (vial-gui's RGB tab): effect (only those the keyboard has), brightness
 * up to the firmware's maximum, speed and colour. Each change goes to the keyboard at once; Save stores the
 * lighting in its EEPROM. Loads with the Vial code, never on the first screen.
 */
export function VialRgbPane({ client }: { client: VialRgbLink }) {
  const { t } = useTranslation('vial');
  const store = useMemo(() => vialRgbStoreFor(client), [client]);
  const { status, data, loadError, loadUnlockUnfinished, failure, save } = useStore(store, (s) => s);
  const refusalWords = useRefusalWords();
  // VialRGB's own failures are codes worded here; another error (a lost connection) brings its own message.
  const reason = (value: RefusalValue | null | undefined) =>
    value == null ? '' : typeof value === 'string' ? value : refusalWords(value);
  const effectName = (id: number) => {
    const effect = vialRgbEffect(id);
    return effect
      ? t('rgb.effectLabel', { name: t(`rgb.effect.${effect.key}`), qmk: effect.name })
      : t('rgb.effectNumber', { id });
  };
  if (status === 'loading') return <p className="card row-hint">{t('rgb.loading')}</p>;
  if (status === 'failed' || !data)
    return (
      <div className="card vial-failure" role="alert">
        <span className="form-error">
          {loadUnlockUnfinished
            ? t('rgb.unlockUnfinished')
            : t('rgb.loadFailed', { message: reason(loadError) })}
        </span>
        <button type="button" className="btn btn-sm" onClick={() => void store.getState().load()}>
          {t('rgb.retry')}
        </button>
      </div>
    );
  const { mode, info, effects } = data;
  const actions = store.getState();
  const off = mode.effect === VIALRGB_EFFECT_OFF;
  const listed = effects.includes(mode.effect) ? effects : [...effects, mode.effect];
  return (
    <div className="pane vial-pane vial-rgb">
      {failure && (
        <div className="card vial-failure" role="alert">
          <span>{t('rgb.writeFailed', { message: reason(failure) })}</span>
          <button type="button" className="btn btn-sm" onClick={() => actions.dismissFailure()}>
            {t('rgb.dismiss')}
          </button>
        </div>
      )}
      <div className="menu-controls">
        <div className="row">
          <label className="row-label" htmlFor="vialrgb-effect">
            {t('rgb.effect.label')}
          </label>
          <select
            id="vialrgb-effect"
            className="select"
            value={mode.effect}
            onChange={(e) => void actions.change({ effect: Number(e.target.value) })}
          >
            {listed.map((id) => (
              <option key={id} value={id}>
                {effects.includes(id) ? effectName(id) : t('rgb.effectUnlisted', { name: effectName(id) })}
              </option>
            ))}
          </select>
        </div>
        <Range
          id="vialrgb-speed"
          label={t('rgb.speed')}
          max={255}
          value={mode.speed}
          onChange={(speed) => void actions.change({ speed })}
        />
        <fieldset
          className="vial-rgb-colour"
          disabled={off}
          aria-describedby={off ? 'vialrgb-off' : undefined}
        >
          <legend className="visually-hidden">{t('rgb.colourGroup')}</legend>
          <Range
            id="vialrgb-brightness"
            label={t('rgb.brightness')}
            max={info.maxBrightness}
            value={Math.min(mode.brightness, info.maxBrightness)}
            hint={
              info.maxBrightness < 255 ? t('rgb.brightnessLimit', { max: info.maxBrightness }) : undefined
            }
            onChange={(brightness) => void actions.change({ brightness })}
          />
          <div className="row">
            <span className="row-label">{t('rgb.colour')}</span>
            <ColorControl
              id="vialrgb-colour"
              label={t('rgb.colour')}
              value={[mode.hue, mode.saturation]}
              onCommit={([hue, saturation]) => void actions.change({ hue, saturation })}
            />
          </div>
        </fieldset>
        {off && (
          <p id="vialrgb-off" className="row-hint">
            {t('rgb.offHint')}
          </p>
        )}
        <div className="row">
          <span className="row-label">
            {t('rgb.saveLabel')}
            <span className="row-hint">{t('rgb.saveHint')}</span>
          </span>
          <span className="clock-actions">
            {save.state === 'saved' && (
              <span className="message-success" role="status">
                {t('rgb.saved')}
              </span>
            )}
            {save.state === 'failed' && (
              <span className="message-error" role="alert">
                {t('rgb.saveFailed', { message: reason(save.error) })}
              </span>
            )}
            <button
              type="button"
              className="btn"
              disabled={save.state === 'saving'}
              onClick={() => void actions.saveToKeyboard()}
            >
              {t('rgb.save')}
            </button>
          </span>
        </div>
      </div>
    </div>
  );
}

function Range({
  id,
  label,
  max,
  value,
  hint,
  onChange,
}: {
  id: string;
  label: string;
  max: number;
  value: number;
  hint?: string | undefined;
  onChange(value: number): void;
}) {
  return (
    <div className="row">
      <label className="row-label" htmlFor={id}>
        {label}
        {hint && <span className="row-hint">{hint}</span>}
      </label>
      <span className="range-control">
        <input
          id={id}
          type="range"
          min={0}
          max={max}
          value={value}
          onChange={(e) => onChange(Number(e.target.value))}
        />
        <output htmlFor={id}>{value}</output>
      </span>
    </div>
  );
}
