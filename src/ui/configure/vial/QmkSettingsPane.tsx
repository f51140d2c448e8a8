import { useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { bitOf, groupsFor, withBit } from '../../../vial/qmkSettings.ts';
import { NumberField } from './NumberField.tsx';
import { AskFirst } from '../../common/AskFirst.tsx';
import '../../common/onDemandParts.css';
import '../paneControls.css';

/**
 * QMK settings the keyboard reports, grouped as Vial groups them: a checkbox per flag bit, a number field with
 * its range per number. Each change is written at once; Reset to defaults asks first.
 */
export function QmkSettingsPane({
  reported,
  values,
  onChange,
  onReset,
}: {
  reported: readonly number[];
  values: Readonly<Record<number, number>>;
  onChange(qsid: number, value: number): void;
  onReset(): Promise<boolean>;
}) {
  const { t } = useTranslation('vial');
  const [done, setDone] = useState(false);
  const groups = groupsFor(reported.filter((q) => values[q] !== undefined));
  return (
    <div className="vial-pane" data-testid="qmk-settings-pane">
      <div className="vial-settings">
        {groups.map(({ group, fields }) => (
          <fieldset key={group} className="card vial-fieldset">
            <legend>{t(`group.${group}`)}</legend>
            {fields.map((f) => {
              const value = values[f.qsid]!;
              if (f.kind === 'bit')
                return (
                  <label key={f.key} className="check-label vial-setting-row">
                    <input
                      type="checkbox"
                      data-qsid={f.qsid}
                      checked={bitOf(value, f.bit)}
                      onChange={(e) => onChange(f.qsid, withBit(value, f.bit, e.target.checked))}
                    />
                    <span>{t(`setting.${f.key}`)}</span>
                  </label>
                );
              return (
                <NumberField
                  key={f.key}
                  id={`qsid-${f.qsid}`}
                  label={t(`setting.${f.key}`)}
                  unit={t(`settings.unit.${f.unit}`)}
                  min={f.min}
                  max={f.max}
                  value={value}
                  onCommit={(v) => onChange(f.qsid, v)}
                />
              );
            })}
          </fieldset>
        ))}
      </div>
      <div className="row">
        <AskFirst
          question={() => ({
            title: t('settings.resetTitle'),
            description: <p>{t('settings.resetBody')}</p>,
            cancelLabel: t('settings.cancel'),
            confirmLabel: t('settings.resetConfirm'),
            confirmKind: 'danger',
            closeOnBackdrop: true,
          })}
          onConfirm={() => void onReset().then(setDone)}
        >
          {(ask) => (
            <button type="button" className="btn" onClick={() => ask(null)}>
              {t('settings.reset')}
            </button>
          )}
        </AskFirst>
        {done && (
          <span role="status" className="form-success">
            {t('settings.resetDone')}
          </span>
        )}
      </div>
    </div>
  );
}
