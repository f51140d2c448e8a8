import { type TFunction, useTranslation } from '../../../i18n/useTranslation.ts';
import { explainKeycode, type KeyboardLimits, type KeycodeProblem } from '../../../keycodes/explain.ts';
import { keyLegend } from '../../../keycodes/legends.ts';
import { useDevices } from '../../AppContext.tsx';
import { useShallow } from 'zustand/react/shallow';

/** The selected keyboard's layer and macro counts, which bound the keycodes typed for it. */
export function useKeyboardLimits(): KeyboardLimits {
  return useDevices(
    useShallow((s) => ({
      layers: s.keyboard && s.keyboard.layerCount > 0 ? s.keyboard.layerCount : undefined,
      macros: s.keyboard?.macros.supported ? s.keyboard.macros.count : undefined,
    })),
  );
}

/**
 * What typed text is, whatever the family: the key it will be (its title and the value confirmed), or why the
 * text is none (`unknownName`: maybe a name still being typed); null when nothing is typed.
 */
export type KeyReading =
  { ok: true; title: string; code: number } | { ok: false; message: string; unknownName: boolean } | null;

/**
 * What a typed QMK keycode is on the selected keyboard: its number, or why it is none — a layer or macro it does
 * not have included, so the field and its verdict line agree on what may be confirmed.
 */
export function useKeycodeReading(text: string, protocol: number): KeyReading {
  const { t } = useTranslation('panes');
  const verdict = explainKeycode(text, protocol, useKeyboardLimits());
  if (verdict === null) return null;
  return verdict.ok
    ? { ok: true, title: keyLegend(verdict.code, protocol).title, code: verdict.code }
    : {
        ok: false,
        message: problemText(t, verdict.problem),
        unknownName: verdict.problem.kind === 'unknownName',
      };
}

/** A refusal in the user's words ("Unknown name KC_FOO."). */
export function problemText(t: TFunction, problem: KeycodeProblem): string {
  const hex = (n: number) => `0x${n.toString(16).toUpperCase()}`;
  switch (problem.kind) {
    case 'numberTooLarge':
      return t('keycodeProblem.numberTooLarge', {
        text: problem.text,
        max: /^0x/i.test(problem.text) ? hex(problem.max) : String(problem.max),
      });
    case 'plainNumber':
      return t('keycodeProblem.plainNumber', { text: problem.text, hex: hex(Number(problem.text)) });
    case 'layerBeyondKeyboard':
      return t('keycodeProblem.layerBeyondKeyboard', { ...problem, last: problem.layers - 1 });
    case 'macroBeyondKeyboard':
      return t('keycodeProblem.macroBeyondKeyboard', { ...problem, last: problem.macros - 1 });
    default:
      return t(`keycodeProblem.${problem.kind}`, problem as Record<string, unknown>);
  }
}

/**
 * The line under a keycode field, updated as the user types (and read out politely): "This key will be:
 * Layer-tap 1, A", or why the text is no keycode. Empty text says nothing.
 */
export function KeycodeVerdictLine({ id, reading }: { id: string; reading: KeyReading }) {
  const { t } = useTranslation('panes');
  return (
    <p id={id} className={`keycode-verdict${reading?.ok === false ? ' is-error' : ''}`} aria-live="polite">
      {reading === null ? null : reading.ok ? t('keycodeWillBe', { title: reading.title }) : reading.message}
    </p>
  );
}
