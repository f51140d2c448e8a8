import { QMK_PROTOCOL } from '../keycodes/qmkNames.ts';
import { toQmkNumbering } from '../keycodes/numbering.ts';
import { rangesFor } from '../keycodes/generations.ts';
import { isEmptyEntry } from '../vial/entries.ts';
import type { ConvertNote } from './convertNotes.ts';
import type { KeymapDocument } from './keymapDocument.ts';
import { NONE, type FeatureCode } from './qmkFeatureCode.ts';
import type { QmkKeyWriter } from './qmkKeyText.ts';

/** QMK's default TAPPING_TERM (ms): tap dances with another term need per-key tapping terms. */
const QMK_TAPPING_TERM = 200;
/** register_code16/unregister_code16 press basic keys and modifier-wrapped ones (QK_MODS) only. */
const QK_MODS_MAX = 0x1fff;

/** What a tap dance action is, for the call that presses it (null: QMK's tap dance code cannot press it). */
type DanceKind = 'key' | 'mo' | 'osl' | 'osm' | 'macro';

function danceKind(code: number, protocol: number): DanceKind | null {
  if (code <= QK_MODS_MAX) return 'key';
  const qmk = toQmkNumbering(code, protocol);
  if (qmk === null) return null;
  const r = rangesFor(QMK_PROTOCOL);
  const within = (range: { base: number; count: number }) =>
    qmk >= range.base && qmk < range.base + range.count;
  if (within(r.mo)) return 'mo';
  if (within(r.osl)) return 'osl';
  if (qmk >= r.osm && qmk < r.osm + 32) return 'osm';
  if (within(r.macro)) return 'macro';
  return null;
}

/**
 * `keyloom_dance_key(keycode, pressed)`: one tap dance action pressed or released as QMK presses that kind of
 * key (action.c): MO turns its layer on while held; OSL and OSM start a one-shot layer or modifiers (QMK's
 * one-shot state; OSM's five mod bits, 0x10 for the right hand, as its eight-bit mask); a macro runs as its key
 * would (process_record_user, or VIA's dynamic macro); anything else is registered as a key. Only the kinds the
 * dances use are written, so a keymap without one-shot keys builds with NO_ACTION_ONESHOT.
 */
function danceKeyCode(used: ReadonlySet<DanceKind>, macros: 'code' | 'via'): string[] {
  const branches: string[] = [];
  if (used.has('mo'))
    branches.push(
      '    if (keycode >= QK_MOMENTARY && keycode <= QK_MOMENTARY_MAX) {',
      '        if (pressed) {',
      '            layer_on(QK_MOMENTARY_GET_LAYER(keycode));',
      '        } else {',
      '            layer_off(QK_MOMENTARY_GET_LAYER(keycode));',
      '        }',
      '        return;',
      '    }',
    );
  if (used.has('osl'))
    branches.push(
      '    if (keycode >= QK_ONE_SHOT_LAYER && keycode <= QK_ONE_SHOT_LAYER_MAX) {',
      '        if (pressed) {',
      '            set_oneshot_layer(QK_ONE_SHOT_LAYER_GET_LAYER(keycode), ONESHOT_START);',
      '        } else {',
      '            clear_oneshot_layer_state(ONESHOT_PRESSED);',
      '        }',
      '        return;',
      '    }',
    );
  if (used.has('osm'))
    branches.push(
      '    if (keycode >= QK_ONE_SHOT_MOD && keycode <= QK_ONE_SHOT_MOD_MAX) {',
      '        uint8_t mods = QK_ONE_SHOT_MOD_GET_MODS(keycode);',
      '        if (pressed) add_oneshot_mods((mods & 0x10) ? (uint8_t)((mods & 0x0F) << 4) : mods);',
      '        return;',
      '    }',
    );
  if (used.has('macro'))
    branches.push(
      '    if (keycode >= QK_MACRO && keycode <= QK_MACRO_MAX) {',
      ...(macros === 'code'
        ? [
            '        keyrecord_t record = {.event = {.pressed = pressed}};',
            '        process_record_user(keycode, &record);',
          ]
        : ['        if (pressed) dynamic_keymap_macro_send(keycode - QK_MACRO);']),
      '        return;',
      '    }',
    );
  return [
    'static void keyloom_dance_key(uint16_t keycode, bool pressed) {',
    ...branches,
    '    if (pressed) {',
    '        register_code16(keycode);',
    '    } else {',
    '        unregister_code16(keycode);',
    '    }',
    '}',
    '',
    'static void keyloom_dance_tap(uint16_t keycode) {',
    '    keyloom_dance_key(keycode, true);',
    '    keyloom_dance_key(keycode, false);',
    '}',
  ];
}

/**
 * Vial tap dances as QMK tap dance code: per dance on tap, on hold, on double tap, on tap + hold (KC_NO: not
 * set) and its tapping term. Tapped once → on tap; held past the term → on hold (else on tap, held); twice →
 * tap + hold when held, else on double tap, else on tap twice; more → on tap that many times. An action is a
 * key (with modifiers), a momentary layer (MO), a one-shot layer or modifier (OSL, OSM) or a macro, each pressed
 * with QMK's own call for it (`danceKeyCode`); another quantum key is listed as not carried.
 */
export function tapDanceCode(
  doc: KeymapDocument,
  keys: QmkKeyWriter,
  macros: 'code' | 'via' = 'code',
): FeatureCode {
  const dances = doc.vial?.tapDance ?? [];
  let last = -1;
  dances.forEach((td, i) => !isEmptyEntry('tapDance', td) && (last = i));
  if (last < 0) return NONE;
  const notes: ConvertNote[] = [];
  const used = new Set<DanceKind>();
  const pressable = (code: number, index: number) => {
    const text = keys.text(code);
    const kind = danceKind(code, doc.protocol);
    if (kind) {
      used.add(kind);
      return text;
    }
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
      ...danceKeyCode(used, macros),
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
      '            keyloom_dance_tap(dance->on_tap);',
      '        }',
      '    } else {',
      '        for (uint8_t n = 1; n < state->count; n++) keyloom_dance_tap(dance->on_tap);',
      '    }',
      '    keyloom_dance_held[i] = keycode;',
      '    keyloom_dance_key(keycode, true);',
      '}',
      '',
      'static void keyloom_dance_reset(uint8_t i) {',
      '    keyloom_dance_key(keyloom_dance_held[i], false);',
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
