import { cStringLiteral } from './cText.ts';
import { macroStepsOf, type DocumentMacroStep } from './macroSteps.ts';
import { isEmptyEntry, keyOverrideEnabled, MOD_BITS as VIAL_MOD_BITS } from '../vial/entries.ts';
import { KEY_OVERRIDE_OPTION } from '../vial/keyOverrideOption.ts';
import type { ConvertNote } from './convertNotes.ts';
import type { KeymapDocument } from './keymapDocument.ts';
import { QmkKeyWriter } from './qmkKeyText.ts';
import { reasonOf } from '../lib/refusal.ts';

/** One feature's part of a keymap.c: its C code, the rules.mk and config.h lines it needs, what it left out. */
export interface FeatureCode {
  code: string[];
  rules: string[];
  config: string[];
  notes: ConvertNote[];
  /** One line for the header ("3 macros as SEND_STRING code"). */
  summary: string | null;
}

export const NONE: FeatureCode = { code: [], rules: [], config: [], notes: [], summary: null };

/** A macro's steps as C statements: SEND_STRING for text, tap/register/unregister_code16 for keys, wait_ms. */
function macroStatements(
  steps: readonly DocumentMacroStep[],
  keys: QmkKeyWriter,
  dropped: (s: string) => void,
) {
  return steps.flatMap((step): string[] => {
    if (step.kind === 'text') {
      const { literal, dropped: lost } = cStringLiteral(step.text, true);
      if (lost) dropped(lost);
      return literal === '""' ? [] : [`SEND_STRING(${literal});`];
    }
    if (step.kind === 'delay') return [`wait_ms(${step.ms});`];
    const fn = { tap: 'tap_code16', down: 'register_code16', up: 'unregister_code16' }[step.kind];
    return [`${fn}(${keys.text(step.keycode)});`];
  });
}

/**
 * Macros as code in process_record_user, on the keys the keymap already uses (QK_MACRO_n / MC_n, the numbers VIA
 * gives them), or left to VIA's dynamic macros (`via`): then only the header says so.
 */
export function macroCode(doc: KeymapDocument, keys: QmkKeyWriter, mode: 'code' | 'via'): FeatureCode {
  const used = doc.macros.map((m, i) => [m, i] as const).filter(([m]) => m !== '');
  if (used.length === 0) return NONE;
  if (mode === 'via')
    return {
      ...NONE,
      rules: ['VIA_ENABLE = yes'],
      summary: `${used.length} macro(s) kept as VIA dynamic macros (load the .layout.json with VIA or Keyloom)`,
    };
  const notes: ConvertNote[] = [];
  const macroKeys = new QmkKeyWriter(doc.macroProtocol);
  const cases: string[] = [];
  for (const [script, index] of used) {
    let steps: DocumentMacroStep[];
    try {
      steps = macroStepsOf(script, doc.macroProtocol);
    } catch (e) {
      notes.push({ kind: 'macroInvalid', macro: index, reason: reasonOf(e) });
      continue;
    }
    let lost = '';
    const body = macroStatements(steps, macroKeys, (s) => (lost += s));
    if (lost) notes.push({ kind: 'macroText', macro: index, characters: [...new Set(lost)].join('') });
    // The macro key's own number, converted like every key (MACRO(n) before protocol 12 is QK_MACRO + n today).
    const key = keys.text(macroKeyCode(doc, index));
    cases.push(`        case ${key}: // macro ${index}`, `            if (record->event.pressed) {`);
    cases.push(...body.map((s) => `                ${s}`), `            }`, `            return false;`);
  }
  notes.push(...macroKeys.notes());
  if (cases.length === 0) return { ...NONE, notes };
  return {
    code: [
      'bool process_record_user(uint16_t keycode, keyrecord_t *record) {',
      '    switch (keycode) {',
      ...cases,
      '    }',
      '    return true;',
      '}',
    ],
    rules: [],
    config: [],
    notes,
    summary: `${cases.filter((l) => l.includes('// macro')).length} macro(s) as SEND_STRING/tap_code code in process_record_user`,
  };
}

/** The number of macro `n`'s key in the document's numbering. */
function macroKeyCode(doc: KeymapDocument, n: number): number {
  if (doc.protocol >= 12) return 0x7700 + n;
  if (doc.protocol >= 11) return 0x7702 + n;
  return 0x5f12 + n;
}

/** Vial combos (up to four keys and an output) as QMK combos; empty entries left out. */
export function comboCode(doc: KeymapDocument, keys: QmkKeyWriter): FeatureCode {
  const combos = (doc.vial?.combos ?? []).filter((c) => !isEmptyEntry('combo', c));
  if (combos.length === 0) return NONE;
  const arrays = combos.map((c, i) => {
    const list = c.keys.filter((k) => k !== 0).map((k) => keys.text(k));
    return `const uint16_t PROGMEM keyloom_combo_${i}[] = {${[...list, 'COMBO_END'].join(', ')}};`;
  });
  return {
    code: [
      ...arrays,
      'combo_t key_combos[] = {',
      ...combos.map((c, i) => `    COMBO(keyloom_combo_${i}, ${keys.text(c.output)}),`),
      '};',
    ],
    rules: ['COMBO_ENABLE = yes'],
    config: [],
    notes: [],
    summary: `${combos.length} combo(s) (Vial) as combos`,
  };
}

const MOD_KEYS = ['KC_LCTL', 'KC_LSFT', 'KC_LALT', 'KC_LGUI', 'KC_RCTL', 'KC_RSFT', 'KC_RALT', 'KC_RGUI'];
const OPTION_NAMES: [number, string][] = [
  [KEY_OVERRIDE_OPTION.ACTIVATE_ON_TRIGGER_DOWN, 'ko_option_activation_trigger_down'],
  [KEY_OVERRIDE_OPTION.ACTIVATE_ON_REQUIRED_MOD_DOWN, 'ko_option_activation_required_mod_down'],
  [KEY_OVERRIDE_OPTION.ACTIVATE_ON_NEGATIVE_MOD_UP, 'ko_option_activation_negative_mod_up'],
  [KEY_OVERRIDE_OPTION.ONE_MOD, 'ko_option_one_mod'],
  [KEY_OVERRIDE_OPTION.NO_REREGISTER_TRIGGER, 'ko_option_no_reregister_trigger'],
  [KEY_OVERRIDE_OPTION.NO_UNREGISTER_ON_OTHER_KEY_DOWN, 'ko_option_no_unregister_on_other_key_down'],
];

/** QMK's 8-bit modifier mask (bit 0 Left Control … bit 7 Right GUI) as MOD_BIT(...) terms. */
function modBits(mask: number): string {
  const terms = VIAL_MOD_BITS.flatMap((_, bit) => (mask & (1 << bit) ? [`MOD_BIT(${MOD_KEYS[bit]})`] : []));
  return terms.length === 0 ? '0' : terms.join(' | ');
}

/** Vial key overrides as QMK key_override_t, every field as Vial holds it; a disabled one stays, switched off. */
export function keyOverrideCode(doc: KeymapDocument, keys: QmkKeyWriter): FeatureCode {
  const overrides = (doc.vial?.keyOverrides ?? []).filter((ko) => !isEmptyEntry('keyOverride', ko));
  if (overrides.length === 0) return NONE;
  const off = overrides.some((ko) => !keyOverrideEnabled(ko));
  const structs = overrides.flatMap((ko, i) => {
    const options = OPTION_NAMES.filter(([bit]) => ko.options & bit).map(([, name]) => name);
    return [
      `const key_override_t keyloom_override_${i} = {`,
      `    .trigger           = ${keys.text(ko.trigger)},`,
      `    .trigger_mods      = ${modBits(ko.triggerMods)},`,
      `    .layers            = 0x${ko.layers.toString(16).toUpperCase()},`,
      `    .negative_mod_mask = ${modBits(ko.negativeModMask)},`,
      `    .suppressed_mods   = ${modBits(ko.suppressedMods)},`,
      `    .replacement       = ${keys.text(ko.replacement)},`,
      `    .options           = ${options.length > 0 ? options.join(' | ') : '0'},`,
      `    .enabled           = ${keyOverrideEnabled(ko) ? 'NULL' : '&keyloom_override_off'},`,
      '};',
    ];
  });
  return {
    code: [
      ...(off
        ? [
            '// Key overrides switched off in Vial stay here, switched off.',
            'static bool keyloom_override_off = false;',
          ]
        : []),
      ...structs,
      'const key_override_t *key_overrides[] = {',
      ...overrides.map((_, i) => `    &keyloom_override_${i},`),
      '};',
    ],
    rules: ['KEY_OVERRIDE_ENABLE = yes'],
    config: [],
    notes: [],
    summary: `${overrides.length} key override(s) (Vial) as key overrides`,
  };
}
