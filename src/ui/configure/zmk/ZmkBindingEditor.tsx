import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import {
  behaviorStep,
  bindingStep,
  restartBehaviorIds,
  type ZmkBindingDraft,
  type ZmkBindingStep,
} from '../../../keymap/zmkBindingEdit.ts';
import type { ZmkBinding, ZmkLayer } from '../../../zmk/keymapData.ts';
import type { ZmkBehavior } from '../../../zmk/behavior.ts';
import {
  draftComplete,
  draftParam1Editor,
  draftParam2Editor,
  nextParam2,
  paramRole,
  withProfileRangeFixed,
} from '../../../zmk/bindingDraft.ts';
import {
  bindingProblem,
  defaultParams,
  shownLayers,
  type ZmkLayerChoice,
} from '../../../zmk/bindingParams.ts';
import { ChoiceSelect } from '../../common/ChoiceSelect.tsx';
import { useAskFirst } from '../../common/AskFirst.tsx';
import { ZmkParamInput } from './ZmkParamInput.tsx';
import { zmkBehaviorName, zmkBehaviorOptionName } from '../../../zmk/names.ts';
import '../../common/onDemandParts.css';

/** A draft for the key it is for (`layerId:position`): another key selected drops it. */
type Draft = ZmkBindingDraft & { at: string };

/**
 * The selected key's binding: its behavior (every one the keyboard has, by its own name) and the parameters that
 * behavior describes, a hold-tap's labelled Hold and Tap (a Mod-Tap's hold is a modifier). Nothing is guessed:
 * switching behavior keeps what fits (the key typed now becomes the tap) and leaves the rest to choose, and the
 * keyboard gets the binding only once every parameter is chosen and valid. A behavior that restarts the keyboard
 * is asked first.
 */
export function ZmkBindingEditor({
  layer,
  position,
  behaviors: reported,
  layers,
  onChange,
  onKeyPicked,
}: {
  layer: ZmkLayer;
  position: number;
  behaviors: readonly ZmkBehavior[];
  layers: readonly ZmkLayerChoice[];
  onChange(binding: ZmkBinding): void;
  /** A key button completed a one-key binding (&kp A): fast key mapping moves to the next key. */
  onKeyPicked?(): void;
}) {
  const { t } = useTranslation('zmk');
  const id = useId();
  const section = useRef<HTMLElement>(null);
  const behaviors = useMemo(() => reported.map(withProfileRangeFixed), [reported]);
  const binding = layer.bindings[position] ?? { behaviorId: 0, param1: 0, param2: 0 };
  const at = `${layer.id}:${position}`;
  const [draftState, setDraft] = useState<Draft | null>(null);
  // A binding that restarts the keyboard (&sys_reset, &bootloader) is sent once confirmed.
  const [askRestart, restartQuestion] = useAskFirst(
    (asked: ZmkBinding) => ({
      title: t('restartTitle', {
        name: zmkBehaviorName(t, behaviors.find((b) => b.id === asked.behaviorId)?.displayName ?? ''),
      }),
      description: <p>{t('restartBody', { position })}</p>,
      cancelLabel: t('cancel'),
      confirmLabel: t('restartConfirm'),
    }),
    onChange,
  );
  const draft = draftState?.at === at ? draftState : null;
  const behaviorId = draft?.behaviorId ?? binding.behaviorId;
  const behavior = behaviors.find((b) => b.id === behaviorId) ?? null;
  const ids = useMemo(() => shownLayers(layers).map((l) => l.id), [layers]);
  const restarting = useMemo(() => restartBehaviorIds(behaviors), [behaviors]);
  const context = { current: binding, layers, restarting };
  /** The core says what a choice does (keymap/zmkBindingEdit.ts): shown as a draft, sent, asked first or dropped. */
  const apply = (step: ZmkBindingStep) => {
    setDraft(step.kind === 'draft' ? { at, ...step.draft } : null);
    if (step.kind === 'send') onChange(step.binding);
    else if (step.kind === 'ask') askRestart(step.binding);
  };
  const param1 = draft ? draft.param1 : binding.param1;
  const param2 = draft ? draft.param2 : binding.param2;
  const unfillable = behavior === null && binding.behaviorId !== 0;
  const role1 = behavior ? paramRole(behavior, 1) : null;
  const editor2 = behavior && draftParam2Editor(behavior, layers, param1);

  return (
    <section ref={section} className="card zmk-binding-editor" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('bindingOf', { position, layer: layer.name || layer.id })}</h2>
      <ChoiceSelect
        label={t('behavior')}
        value={behavior?.id ?? null}
        options={behaviors.map((b) => ({
          value: b.id,
          label: zmkBehaviorOptionName(t, b, behaviors),
          disabled: defaultParams(b, layers, binding) === null,
        }))}
        placeholder={unfillable ? `#${binding.behaviorId}` : t('noBinding')}
        optional
        otherLabel={(other) => `#${other}`}
        onChange={(next) => {
          const chosen = behaviors.find((b) => b.id === next);
          if (chosen) apply(behaviorStep(chosen, context));
        }}
      />
      {/* Said first, above the parameters (a key picker is long): the keyboard has not got it yet. */}
      {draft && (
        <div className="row" role="status">
          <p className="row-hint">{t('draftPending')}</p>
          <button
            type="button"
            className="btn"
            onClick={() => {
              setDraft(null);
              // The button goes with the draft: the focus goes back to the Behavior choice, not onto the page.
              section.current?.querySelector('select')?.focus();
            }}
          >
            {t('draftCancel')}
          </button>
        </div>
      )}
      {behavior && (
        <>
          <ZmkParamInput
            key={`${behavior.id}-1`}
            editor={draftParam1Editor(behavior, layers)}
            value={param1}
            role={role1}
            entry={at}
            onChange={(value, picked) => {
              // A new first parameter may pick another set: param2 stays if it still fits, else is chosen.
              const next = { param1: value, param2: nextParam2(behavior, layers, value, param2) };
              apply(bindingStep(behavior, next, context));
              const oneParam = !editor2 || editor2.kind === 'none';
              if (picked && oneParam && draftComplete(behavior, layers, next)) onKeyPicked?.();
            }}
          />
          {editor2 && (
            <ZmkParamInput
              key={`${behavior.id}-2-${param1}`}
              editor={editor2}
              value={param2}
              role={paramRole(behavior, 2)}
              entry={at}
              onChange={(value) => apply(bindingStep(behavior, { param1, param2: value }, context))}
            />
          )}
          {!draft && bindingProblem(behavior, binding.param1, binding.param2, ids) !== null && (
            <p className="row-hint" role="note">
              {t('bindingOutOfRange')}
            </p>
          )}
        </>
      )}
      {restartQuestion}
    </section>
  );
}
