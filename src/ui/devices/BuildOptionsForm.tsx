import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import type { DefinitionVersion, ServedDefinition } from '../../definitions/compile.ts';
import { definitionName } from '../../definitions/definitionName.ts';
import { encoderCount } from '../../definitions/keys.ts';
import {
  buildOptionProblems,
  defaultBuildOptions,
  LAYER_LIMITS,
  layerLimit,
  MACRO_BUFFER_LIMITS,
  macroCountLimit,
  protocolChoices,
  type BuildOptionProblem,
  type BuildOptions,
} from '../../definitions/buildOptions.ts';
import { SettingRow } from '../common/SettingRow.tsx';
import '../common/onDemandParts.css';
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
  // Every field out of range says so beside itself, as it is typed.
  const problems = buildOptionProblems(options, version, definition.matrix);
  const problem = (field: keyof BuildOptions) => problems.find((p) => p.field === field);
  const maxLayers = layerLimit(definition.matrix);
  const set = (key: keyof BuildOptions) => (value: string) =>
    setOptions((o) => ({ ...o, [key]: value === '' ? Number.NaN : Number(value) }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (problems.length === 0) onBuild(options);
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
            problem={problem('layers')}
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
            problem={problem('macroCount')}
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
            problem={problem('macroBufferSize')}
            onChange={set('macroBufferSize')}
          />
        )}
      </SettingRow>
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onBack} disabled={busy}>
          {t('back')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy || problems.length > 0}>
          {t('build')}
        </button>
      </div>
    </form>
  );
}

/** A whole-number field; out of range, it is marked and says its range under itself (read with the field). */
function NumberField({
  id,
  value,
  min,
  max,
  problem,
  onChange,
}: {
  id: string;
  value: number;
  min: number;
  max: number;
  problem: BuildOptionProblem | undefined;
  onChange(value: string): void;
}) {
  const { t } = useTranslation('boardBuild');
  return (
    <span className="build-field">
      <input
        id={id}
        type="number"
        className="build-number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={Number.isNaN(value) ? '' : value}
        aria-invalid={problem !== undefined}
        {...(problem ? { 'aria-describedby': `${id}-problem` } : {})}
        onChange={(e) => onChange(e.target.value)}
      />
      {problem && (
        <span id={`${id}-problem`} className="form-error">
          {t('outOfRange', { option: t(problem.field), min: problem.min, max: problem.max })}
        </span>
      )}
    </span>
  );
}
