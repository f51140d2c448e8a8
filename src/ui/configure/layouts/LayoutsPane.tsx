import { useTranslation } from '../../../i18n/useTranslation.ts';
import '../../common/onDemandParts.css';
import '../../common/switch.css';

/** One control per layout option: a dropdown for list labels (first entry is the title), else a toggle. */
export function LayoutsPane({
  labels,
  choices,
  onChange,
}: {
  /** The definition's layout labels: a name is a toggle, a list is [title, ...choices]. */
  labels: readonly (string | readonly string[])[];
  choices: readonly number[];
  onChange(index: number, choice: number): void;
}) {
  const { t } = useTranslation('panes');
  return (
    <div className="pane card" aria-label={t('configure:pane.layouts')}>
      {labels.map((label, i) =>
        typeof label === 'string' ? (
          <div className="row" key={i}>
            <label className="row-label" htmlFor={`layout-option-${i}`}>
              {label}
            </label>
            <input
              id={`layout-option-${i}`}
              type="checkbox"
              role="switch"
              className="switch"
              checked={choices[i] === 1}
              onChange={(e) => onChange(i, e.target.checked ? 1 : 0)}
            />
          </div>
        ) : (
          <div className="row" key={i}>
            <label className="row-label" htmlFor={`layout-option-${i}`}>
              {label[0]}
            </label>
            <select
              id={`layout-option-${i}`}
              className="select"
              value={choices[i] ?? 0}
              onChange={(e) => onChange(i, Number(e.target.value))}
            >
              {label.slice(1).map((choice, value) => (
                <option key={value} value={value}>
                  {choice}
                </option>
              ))}
            </select>
          </div>
        ),
      )}
    </div>
  );
}
