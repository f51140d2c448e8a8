import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DefinitionVersion, ServedDefinition } from '../../definitions/compile.ts';
import { definitionName } from '../../definitions/definitionName.ts';
import { encoderCount } from '../../definitions/keys.ts';
import {
  checkBuildOptions,
  defaultBuildOptions,
  LAYER_LIMITS,
  layerLimit,
  MACRO_BUFFER_LIMITS,
  macroCountLimit,
  protocolChoices,
  type BuildOptions,
} from '../../virtual-keyboard/buildOptions.ts';
import { SettingRow } from '../common/SettingRow.tsx';
import './buildOptions.css';

/**
 * The second step of 'Build one from a keyboard definition file': the choices a real firmware build fixes and
 * the definition does not say (layers, macros, protocol), each explained in one line, with the defaults most
 * boards of that definition version ship with.
 */
export function BuildOptionsForm({
  definition,
  version,
  busy,
  onBuild,
  onBack,
}: {
  definition: ServedDefinition;
  version: DefinitionVersion;
  busy: boolean;
  onBuild(options: BuildOptions): void;
  onBack(): void;
}) {
  const { t } = useTranslation('boardBuild');
  const [options, setOptions] = useState(() => defaultBuildOptions(version));
  // A large matrix leaves room for fewer layers in the keymap's 64 KiB of addresses.
  const checked = checkBuildOptions(options, version, definition.matrix);
  const maxLayers = layerLimit(definition.matrix);
  const set = (key: keyof BuildOptions) => (value: string) =>
    setOptions((o) => ({ ...o, [key]: value === '' ? Number.NaN : Number(value) }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (checked.ok) onBuild(checked.value);
  };
  const encoders = encoderCount(definition);

  return (
    <form onSubmit={submit} aria-labelledby="build-title">
      <h3 id="build-title" className="build-title">
        {t('title', { name: definitionName(definition) })}
      </h3>
      <p className="row-hint">
        {t('summary', {
          version,
          rows: definition.matrix.rows,
          cols: definition.matrix.cols,
          count: encoders,
        })}
      </p>
      <SettingRow label={t('layers')} hint={t('layersHint', { min: LAYER_LIMITS[0], max: maxLayers })}>
        {(id) => (
          <NumberField
            id={id}
            value={options.layers}
            min={LAYER_LIMITS[0]}
            max={maxLayers}
            onChange={set('layers')}
          />
        )}
      </SettingRow>
      <SettingRow label={t('protocol')} hint={t(version === 'v2' ? 'protocolHintV2' : 'protocolHintV3')}>
        {(id) => (
          <select
            id={id}
            className="select build-select"
            value={options.protocol}
            onChange={(e) => set('protocol')(e.target.value)}
          >
            {protocolChoices(version).map((p, i, all) => (
              <option key={p} value={p}>
                {version === 'v3' && i === all.length - 1 ? t('protocolOrLater', { protocol: p }) : p}
              </option>
            ))}
          </select>
        )}
      </SettingRow>
      <SettingRow label={t('macros')} hint={t('macrosHint', { max: macroCountLimit(options.protocol) })}>
        {(id) => (
          <NumberField
            id={id}
            value={options.macroCount}
            min={0}
            max={macroCountLimit(options.protocol)}
            onChange={set('macroCount')}
          />
        )}
      </SettingRow>
      <SettingRow label={t('macroBuffer')} hint={t('macroBufferHint')}>
        {(id) => (
          <NumberField
            id={id}
            value={options.macroBufferSize}
            min={MACRO_BUFFER_LIMITS[0]}
            max={MACRO_BUFFER_LIMITS[1]}
            onChange={set('macroBufferSize')}
          />
        )}
      </SettingRow>
      {!checked.ok && (
        <p role="alert" className="form-error">
          {t('outOfRange', { option: t(checked.field), min: checked.min, max: checked.max })}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onBack} disabled={busy}>
          {t('back')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy || !checked.ok}>
          {t('build')}
        </button>
      </div>
    </form>
  );
}

function NumberField({
  id,
  value,
  min,
  max,
  onChange,
}: {
  id: string;
  value: number;
  min: number;
  max: number;
  onChange(value: string): void;
}) {
  return (
    <input
      id={id}
      type="number"
      className="build-number"
      inputMode="numeric"
      min={min}
      max={max}
      step={1}
      value={Number.isNaN(value) ? '' : value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
