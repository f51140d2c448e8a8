import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZmkBinding, ZmkLayer } from '../../../zmk/ZmkKeymap.ts';
import type { ZmkBehavior } from '../../../zmk/ZmkBehaviors.ts';
import {
  bindingProblem,
  defaultParams,
  param1Editor,
  param2Editor,
  type ZmkLayerChoice,
} from '../../../zmk/bindingParams.ts';
import { ZmkParamInput } from './ZmkParamInput.tsx';

/** A behavior's name in the list, with its id when another behavior has the same name (else they look alike). */
function behaviorOptionName(b: ZmkBehavior, behaviors: readonly ZmkBehavior[]): string {
  if (!b.displayName) return `#${b.id}`;
  const twice = behaviors.some((o) => o !== b && o.displayName === b.displayName);
  return twice ? `${b.displayName} (#${b.id})` : b.displayName;
}

/**
 * The selected key's binding: its behavior (every one the keyboard has, by its own name) and the parameters that
 * behavior describes. A change is sent at once when it makes a binding the keyboard takes; a behavior whose
 * parameters this version cannot fill is offered but says so.
 */
export function ZmkBindingEditor({
  layer,
  position,
  behaviors,
  layers,
  onChange,
}: {
  layer: ZmkLayer;
  position: number;
  behaviors: readonly ZmkBehavior[];
  layers: readonly ZmkLayerChoice[];
  onChange(binding: ZmkBinding): void;
}) {
  const { t } = useTranslation('zmk');
  const id = useId();
  const binding = layer.bindings[position] ?? { behaviorId: 0, param1: 0, param2: 0 };
  const behavior = behaviors.find((b) => b.id === binding.behaviorId) ?? null;
  const ids = useMemo(() => layers.map((l) => l.id), [layers]);
  const send = (next: ZmkBinding) => {
    const chosen = behaviors.find((b) => b.id === next.behaviorId);
    if (chosen && bindingProblem(chosen, next.param1, next.param2, ids) === null) onChange(next);
  };
  const unfillable = behavior === null && binding.behaviorId !== 0;

  return (
    <section className="zmk-binding-editor" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="zmk-editor-title">
        {t('bindingOf', { position, layer: layer.name || layer.id })}
      </h2>
      <div className="zmk-param">
        <label htmlFor={`${id}-behavior`}>{t('behavior')}</label>
        <select
          id={`${id}-behavior`}
          className="select"
          value={behavior?.id ?? ''}
          onChange={(e) => {
            const next = behaviors.find((b) => b.id === Number(e.target.value));
            const params = next && defaultParams(next, layers, binding);
            if (next && params) send({ behaviorId: next.id, ...params });
          }}
        >
          {!behavior && <option value="">{unfillable ? `#${binding.behaviorId}` : t('noBinding')}</option>}
          {behaviors.map((b) => (
            <option key={b.id} value={b.id} disabled={defaultParams(b, layers, binding) === null}>
              {behaviorOptionName(b, behaviors)}
            </option>
          ))}
        </select>
      </div>
      {behavior && (
        <>
          <ZmkParamInput
            key={`${behavior.id}-1`}
            editor={param1Editor(behavior, layers)}
            value={binding.param1}
            onChange={(param1) => {
              // A new first parameter may pick another set: keep param2 if it still fits, else its first value.
              const params = defaultParams(behavior, layers, { param1, param2: binding.param2 });
              send({
                behaviorId: behavior.id,
                param1,
                param2: params?.param1 === param1 ? params.param2 : 0,
              });
            }}
          />
          <ZmkParamInput
            key={`${behavior.id}-2-${binding.param1}`}
            editor={param2Editor(behavior, binding.param1, layers)}
            value={binding.param2}
            onChange={(param2) => send({ behaviorId: behavior.id, param1: binding.param1, param2 })}
          />
          {bindingProblem(behavior, binding.param1, binding.param2, ids) !== null && (
            <p className="row-hint" role="note">
              {t('bindingOutOfRange')}
            </p>
          )}
        </>
      )}
    </section>
  );
}
