import { useTranslation } from '../../../i18n/useTranslation.ts';
import { formatKeycode } from '../../../keycodes/format.ts';
import { keyLegend } from '../../../keycodes/legends.ts';
import '../../common/onDemandParts.css';
import './encoderEditor.css';

export type EncoderSlot = 'ccw' | 'cw' | 'press';

export interface EncoderEditorProps {
  protocol: number;
  /** The keyboard has a code per layer and direction for its encoders (`DeviceCapabilities.encoders`). */
  supported: boolean;
  encoderIndex: number;
  values: { cw: number; ccw: number; press: number | null };
  active: EncoderSlot;
  onChoose(slot: EncoderSlot): void;
}

/** Three rows for an encoder key: counter-clockwise, clockwise, and press (only with a matrix position). */
export function EncoderEditor({
  protocol,
  supported,
  encoderIndex,
  values,
  active,
  onChoose,
}: EncoderEditorProps) {
  const { t } = useTranslation('panes');
  if (!supported) {
    return (
      <p className="card row-hint" role="status">
        {t('encodersUnsupported')}
      </p>
    );
  }
  const rows: [EncoderSlot, string, number | null][] = [
    ['ccw', t('rotateCcw'), values.ccw],
    ['cw', t('rotateCw'), values.cw],
    ...(values.press !== null
      ? [['press', t('pressEncoder'), values.press] as [EncoderSlot, string, number]]
      : []),
  ];
  return (
    <div className="encoder-editor" role="radiogroup" aria-label={t('encoderN', { n: encoderIndex })}>
      {rows.map(([slot, label, code]) => (
        <button
          key={slot}
          type="button"
          role="radio"
          aria-checked={active === slot}
          className="encoder-row"
          onClick={() => onChoose(slot)}
        >
          <span>{label}</span>
          {code !== null && (
            <span className="encoder-value">
              <span className="encoder-value-name">{keyLegend(code, protocol).title}</span>{' '}
              <code className="encoder-value-code">{formatKeycode(code, protocol)}</code>
            </span>
          )}
        </button>
      ))}
      <p className="row-hint">{t('encoderHint')}</p>
    </div>
  );
}
