import { cStringLiteral } from './cText.ts';
import { macroStepsOf, type DocumentMacroStep } from './macroSteps.ts';
import { isEmptyEntry, MOD_BITS as VIAL_MOD_BITS } from '../vial/entries.ts';
import { KEY_OVERRIDE_OPTION } from '../protocol/vial.ts';
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

const NONE: FeatureCode = { code: [], rules: [], config: [], notes: [], summary: null };

/** QMK's default TAPPING_TERM (ms): tap dances with another term need per-key tapping terms. */
const QMK_TAPPING_TERM = 200;
/** register_code16/tap_code16 press basic keys and modifier-wrapped ones (QK_MODS) only. */
const QK_MODS_MAX = 0x1fff;

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

/**
 * Vial tap dances as QMK tap dance code: per dance on tap, on hold, on double tap, on tap + hold (KC_NO: not
 * set) and its tapping term. Tapped once → on tap; held past the term → on hold (else on tap, held); twice →
 * tap + hold when held, else on double tap, else on tap twice; more → on tap that many times.
 */
export function tapDanceCode(doc: KeymapDocument, keys: QmkKeyWriter): FeatureCode {
  const dances = doc.vial?.tapDance ?? [];
  let last = -1;
  dances.forEach((td, i) => !isEmptyEntry('tapDance', td) && (last = i));
  if (last < 0) return NONE;
  const notes: ConvertNote[] = [];
  const pressable = (code: number, index: number) => {
    const text = keys.text(code);
    if (code <= QK_MODS_MAX) return text;
    notes.push({ kind: 'tapDanceAction', index, keycode: text });
    return 'KC_NO';
  };
  const rows = dances.slice(0, last + 1).map((td, i) => {
    const fields = [td.onTap, td.onHold, td.onDoubleTap, td.onTapHold].map((c) => pressable(c, i));
    return `    {${fields.join(', ')}, ${td.tappingTerm}}, // TD(${i})`;
  });
  const count = rows.length;
  const wrappers = Array.from({ length: count }, (_, i) => `KEYLOOM_DANCE(${i})`);
  const actions = Array.from(
    { length: count },
    (_, i) =>
      `    [${i}] = ACTION_TAP_DANCE_FN_ADVANCED(NULL, keyloom_dance_finished_${i}, keyloom_dance_reset_${i}),`,
  );
  const terms = dances.slice(0, last + 1).some((td) => td.tappingTerm !== QMK_TAPPING_TERM);
  return {
    code: [
      '// Vial tap dances: on tap, on hold, on double tap, on tap + hold (KC_NO: not set), tapping term (ms).',
      'typedef struct {',
      '    uint16_t on_tap, on_hold, on_double_tap, on_tap_hold, term;',
      '} keyloom_dance_t;',
      '',
      'static const keyloom_dance_t keyloom_dances[] = {',
      ...rows,
      '};',
      `static uint16_t keyloom_dance_held[${count}];`,
      '',
      'static void keyloom_dance_finished(uint8_t i, tap_dance_state_t *state) {',
      '    const keyloom_dance_t *dance = &keyloom_dances[i];',
      '    uint16_t keycode = dance->on_tap;',
      '    bool held = state->pressed && !state->interrupted;',
      '    if (state->count == 1) {',
      '        if (held && dance->on_hold != KC_NO) keycode = dance->on_hold;',
      '    } else if (state->count == 2) {',
      '        if (held && dance->on_tap_hold != KC_NO) {',
      '            keycode = dance->on_tap_hold;',
      '        } else if (dance->on_double_tap != KC_NO) {',
      '            keycode = dance->on_double_tap;',
      '        } else {',
      '            tap_code16(dance->on_tap);',
      '        }',
      '    } else {',
      '        for (uint8_t n = 1; n < state->count; n++) tap_code16(dance->on_tap);',
      '    }',
      '    keyloom_dance_held[i] = keycode;',
      '    register_code16(keycode);',
      '}',
      '',
      'static void keyloom_dance_reset(uint8_t i) {',
      '    unregister_code16(keyloom_dance_held[i]);',
      '    keyloom_dance_held[i] = KC_NO;',
      '}',
      '',
      '#define KEYLOOM_DANCE(i)                                                                    \\',
      '    static void keyloom_dance_finished_##i(tap_dance_state_t *state, void *user_data) { \\',
      '        keyloom_dance_finished(i, state);                                               \\',
      '    }                                                                                   \\',
      '    static void keyloom_dance_reset_##i(tap_dance_state_t *state, void *user_data) {    \\',
      '        keyloom_dance_reset(i);                                                         \\',
      '    }',
      ...wrappers,
      '',
      'tap_dance_action_t tap_dance_actions[] = {',
      ...actions,
      '};',
      '',
      '#ifdef TAPPING_TERM_PER_KEY',
      'uint16_t get_tapping_term(uint16_t keycode, keyrecord_t *record) {',
      `    if (keycode >= QK_TAP_DANCE && keycode <= QK_TAP_DANCE_MAX && QK_TAP_DANCE_GET_INDEX(keycode) < ${count}) {`,
      '        return keyloom_dances[QK_TAP_DANCE_GET_INDEX(keycode)].term;',
      '    }',
      '    return TAPPING_TERM;',
      '}',
      '#endif',
    ],
    rules: ['TAP_DANCE_ENABLE = yes'],
    config: terms ? ['#define TAPPING_TERM_PER_KEY'] : [],
    notes,
    summary: `${count} tap dance(s) (Vial) as tap dance code`,
  };
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
  const off = overrides.some((ko) => (ko.options & KEY_OVERRIDE_OPTION.ENABLED) === 0);
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
      `    .enabled           = ${ko.options & KEY_OVERRIDE_OPTION.ENABLED ? 'NULL' : '&keyloom_override_off'},`,
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
