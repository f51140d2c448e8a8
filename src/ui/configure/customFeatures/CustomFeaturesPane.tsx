import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { KeycodePickerField } from '../keymap/KeycodePickerField.tsx';
import type { CustomFeatureCommands } from '../../../services/featureCommands.ts';
import '../../common/onDemandParts.css';
import './customFeatures.css';
import '../paneControls.css';

/** Encoder modes by bit (core.md §3 Encoder modes). */
const MODES = [
  'volume',
  'media',
  'scroll',
  'brightness',
  'backlight',
  'custom0',
  'custom1',
  'custom2',
] as const;
const OLED_MODES = ['oledDefault', 'oledTime', 'oledOff'] as const;
/** Assumed until the keyboard answers (core.md §3). */
export const DEFAULT_ENCODER_MODES = 31;

interface FeatureState {
  modes: number;
  oledDefault: number;
  oledCurrent: number;
  custom: [number, number, number][];
}

/**
 * Rotary encoders and OLED (v2 'rotary-encoder' custom feature, keyboard values 128–131): enabled encoder
 * modes, default and current OLED mode, and three custom encoders (clockwise, counter-clockwise, press).
 * Values load when the pane opens; each change is sent at once, only when it differs.
 */
export function CustomFeaturesPane({ commands }: { commands: CustomFeatureCommands }) {
  const { t } = useTranslation('panes');
  const { t: tf } = useTranslation('feedback');
  const [state, setState] = useState<FeatureState | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    (async () => {
      const modes = await commands.encoderModes().catch(() => DEFAULT_ENCODER_MODES);
      const oledDefault = await commands.oledMode('default');
      const oledCurrent = await commands.oledMode('current');
      const custom = [
        await commands.customEncoder(0),
        await commands.customEncoder(1),
        await commands.customEncoder(2),
      ];
      if (live) setState({ modes, oledDefault, oledCurrent, custom });
    })().catch(() => live && setError(t('encodersUnsupported')));
    return () => {
      live = false;
    };
  }, [commands, t]);

  if (error) return <p className="card row-hint">{error}</p>;
  if (!state) return <p className="card row-hint">{t('loadingFeatures')}</p>;

  const send = (action: Promise<void>) =>
    action.catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  const setModes = (modes: number) => {
    if (modes === state.modes) return;
    setState({ ...state, modes });
    void send(commands.setEncoderModes(modes));
  };
  const setOled = (which: 'default' | 'current', mode: number) => {
    if (mode === (which === 'default' ? state.oledDefault : state.oledCurrent)) return;
    setState({ ...state, [which === 'default' ? 'oledDefault' : 'oledCurrent']: mode });
    void send(commands.setOledMode(which, mode));
  };
  const setCustom = (index: number, slot: 0 | 1 | 2, code: number) => {
    if (state.custom[index]![slot] === code) return;
    const custom = state.custom.map((c, i) =>
      i === index ? (c.map((v, s) => (s === slot ? code : v)) as [number, number, number]) : c,
    );
    setState({ ...state, custom });
    void send(commands.setCustomEncoder(index, slot, code));
  };

  return (
    <div className="pane card">
      <h3 className="pane-title">{t('features.modesTitle')}</h3>
      <div className="mode-grid">
        {MODES.map((mode, bit) => (
          <label key={mode} className="mode-check">
            <input
              type="checkbox"
              checked={(state.modes & (1 << bit)) !== 0}
              onChange={(e) =>
                setModes(e.target.checked ? state.modes | (1 << bit) : state.modes & ~(1 << bit))
              }
            />
            {t(`features.${mode}`)}
          </label>
        ))}
      </div>
      <p className="row-hint">{t('features.modesHint')}</p>
      {(['default', 'current'] as const).map((which) => (
        <div className="row" key={which}>
          <label className="row-label" htmlFor={`oled-${which}`}>
            {t(which === 'default' ? 'features.oledDefaultLabel' : 'features.oledCurrentLabel')}
            {which === 'default' && <span className="row-hint">{t('features.oledDefaultHint')}</span>}
          </label>
          <select
            id={`oled-${which}`}
            className="select"
            value={which === 'default' ? state.oledDefault : state.oledCurrent}
            onChange={(e) => setOled(which, Number(e.target.value))}
          >
            {OLED_MODES.map((m, i) => (
              <option key={m} value={i}>
                {t(`features.${m}`)}
              </option>
            ))}
          </select>
        </div>
      ))}
      <h3 className="pane-title">{t('features.customTitle')}</h3>
      {/* Column headers, so each field says what it is without reading its accessible name. */}
      <div className="row custom-encoder-head" aria-hidden>
        <span className="row-label" />
        <span className="custom-encoder">
          {(['CW', 'CCW', 'Press'] as const).map((h) => (
            <span key={h} className="custom-encoder-col">
              {tf(`column${h}`)}
            </span>
          ))}
        </span>
      </div>
      {state.custom.map((slots, index) => (
        <div className="row" key={index}>
          <span className="row-label">{t('features.customN', { n: index })}</span>
          <span className="custom-encoder">
            {(['cw', 'ccw', 'press'] as const).map((slot, s) => (
              <KeycodePickerField
                key={slot}
                label={t(`features.${slot}`, { n: index })}
                code={slots[s]!}
                onPick={(code) => setCustom(index, s as 0 | 1 | 2, code)}
              />
            ))}
          </span>
        </div>
      ))}
    </div>
  );
}
