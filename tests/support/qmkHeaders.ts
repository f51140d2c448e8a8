import { readFileSync } from 'node:fs';
import path from 'node:path';
import Hjson from 'hjson';
import { loadQmkKeycodes, loadQmkRanges, qmkVersions } from '../../scripts/qmkKeycodeData.ts';
import { QMK_KEYCODES_DIR } from '../fixtures/paths.ts';

/**
 * A minimal, faithful subset of QMK's keymap headers for compiling an exported keymap.c with the machine's C
 * compiler (tests only):
 * - `keycodes.h` generated from QMK's own keycode data (tests/fixtures/qmk-keycodes, the data QMK generates its
 *   quantum/keycodes.h from): the ranges enum (`QK_MOD_TAP = 0x2000` …), every keycode and `#define` per alias;
 * - `keymap_us.h` from the same data's US extras (`KC_TILD` = `S(KC_GRAVE)` …);
 * - the function-like macros of QMK's quantum_keycodes.h and modifiers.h (MT, LT, MO, LCTL, MOD_LCTL, MOD_BIT …)
 *   with QMK's arithmetic, and the declarations of the feature APIs a keymap uses (keyrecord_t, tap dance, combo
 *   and key override types with QMK's field names, register_code16 …), implemented here to record calls.
 * Each macro mirrors the QMK header named beside it; numbers come from QMK's data, never from Keyloom's tables.
 */
export function qmkHeaders(): Record<string, string> {
  const version = qmkVersions(QMK_KEYCODES_DIR).at(-1)!;
  const hex = (n: number) => '0x' + n.toString(16).toUpperCase().padStart(4, '0');
  const ranges = loadQmkRanges(QMK_KEYCODES_DIR, version);
  const keycodes = loadQmkKeycodes(QMK_KEYCODES_DIR, version);
  const keycodesH = [
    '#pragma once',
    'enum qk_keycode_ranges {',
    ...ranges.flatMap((r) => [
      `    ${r.define} = ${hex(r.start)},`,
      `    ${r.define}_MAX = ${hex(r.start + r.span)},`,
    ]),
    '};',
    'enum qk_keycode_defines {',
    ...keycodes.map((k) => `    ${k.key} = ${hex(k.code)},`),
    '};',
    ...keycodes.flatMap((k) => k.aliases.map((a) => `#define ${a} ${k.key}`)),
    '',
  ].join('\n');
  const us = Hjson.parse(
    readFileSync(path.join(QMK_KEYCODES_DIR, 'extras', 'keycodes_us_0.0.1.hjson'), 'utf8'),
  ) as { aliases: Record<string, { key: string; aliases?: string[] }> };
  const keymapUsH = [
    '#pragma once',
    ...Object.entries(us.aliases).flatMap(([expr, v]) => [
      `#define ${v.key} ${expr}`,
      ...(v.aliases ?? []).map((a) => `#define ${a} ${v.key}`),
    ]),
    '',
  ].join('\n');
  return { 'keycodes.h': keycodesH, 'keymap_us.h': keymapUsH, 'qmk_stub.h': STUB_H };
}

/** QMK's keymap-facing macros and APIs (see qmkHeaders). */
const STUB_H = String.raw`#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "keycodes.h"
#include "keymap_us.h"

/* progmem.h (AVR-only attribute elsewhere) */
#define PROGMEM
/* util.h */
#define ARRAY_SIZE(array) (sizeof((array)) / sizeof((array)[0]))
/* action_tapping.h */
#ifndef TAPPING_TERM
#    define TAPPING_TERM 200
#endif

/* quantum_keycodes.h */
#define QK_LCTL 0x0100
#define QK_LSFT 0x0200
#define QK_LALT 0x0400
#define QK_LGUI 0x0800
#define QK_RMODS_MIN 0x1000
#define QK_RCTL 0x1100
#define QK_RSFT 0x1200
#define QK_RALT 0x1400
#define QK_RGUI 0x1800
#define SAFE_RANGE QK_USER
#define LCTL(kc) (QK_LCTL | (kc))
#define LSFT(kc) (QK_LSFT | (kc))
#define LALT(kc) (QK_LALT | (kc))
#define LGUI(kc) (QK_LGUI | (kc))
#define LOPT(kc) LALT(kc)
#define LCMD(kc) LGUI(kc)
#define LWIN(kc) LGUI(kc)
#define C(kc) LCTL(kc)
#define S(kc) LSFT(kc)
#define A(kc) LALT(kc)
#define G(kc) LGUI(kc)
#define LCS(kc) (QK_LCTL | QK_LSFT | (kc))
#define LCA(kc) (QK_LCTL | QK_LALT | (kc))
#define LCG(kc) (QK_LCTL | QK_LGUI | (kc))
#define LSA(kc) (QK_LSFT | QK_LALT | (kc))
#define LSG(kc) (QK_LSFT | QK_LGUI | (kc))
#define LAG(kc) (QK_LALT | QK_LGUI | (kc))
#define LCSG(kc) (QK_LCTL | QK_LSFT | QK_LGUI | (kc))
#define LCAG(kc) (QK_LCTL | QK_LALT | QK_LGUI | (kc))
#define LSAG(kc) (QK_LSFT | QK_LALT | QK_LGUI | (kc))
#define SGUI(kc) LSG(kc)
#define RCTL(kc) (QK_RCTL | (kc))
#define RSFT(kc) (QK_RSFT | (kc))
#define RALT(kc) (QK_RALT | (kc))
#define RGUI(kc) (QK_RGUI | (kc))
#define ALGR(kc) RALT(kc)
#define RCA(kc) (QK_RCTL | QK_RALT | (kc))
#define RCS(kc) (QK_RCTL | QK_RSFT | (kc))
#define RCG(kc) (QK_RCTL | QK_RGUI | (kc))
#define RSA(kc) (QK_RSFT | QK_RALT | (kc))
#define RSG(kc) (QK_RSFT | QK_RGUI | (kc))
#define RAG(kc) (QK_RALT | QK_RGUI | (kc))
#define RCSG(kc) (QK_RCTL | QK_RSFT | QK_RGUI | (kc))
#define RCAG(kc) (QK_RCTL | QK_RALT | QK_RGUI | (kc))
#define RSAG(kc) (QK_RSFT | QK_RALT | QK_RGUI | (kc))
#define HYPR(kc) (QK_LCTL | QK_LSFT | QK_LALT | QK_LGUI | (kc))
#define MEH(kc) (QK_LCTL | QK_LSFT | QK_LALT | (kc))
#define TO(layer) (QK_TO | ((layer)&0x1F))
#define MO(layer) (QK_MOMENTARY | ((layer)&0x1F))
#define DF(layer) (QK_DEF_LAYER | ((layer)&0x1F))
#define PDF(layer) (QK_PERSISTENT_DEF_LAYER | ((layer)&0x1F))
#define TG(layer) (QK_TOGGLE_LAYER | ((layer)&0x1F))
#define OSL(layer) (QK_ONE_SHOT_LAYER | ((layer)&0x1F))
#define LM(layer, mod) (QK_LAYER_MOD | (((layer)&0xF) << 5) | ((mod)&0x1F))
#define OSM(mod) (QK_ONE_SHOT_MOD | ((mod)&0x1F))
#define TT(layer) (QK_LAYER_TAP_TOGGLE | ((layer)&0x1F))
#define LT(layer, kc) (QK_LAYER_TAP | (((layer)&0xF) << 8) | ((kc)&0xFF))
#define MT(mod, kc) (QK_MOD_TAP | (((mod)&0x1F) << 8) | ((kc)&0xFF))
#define TD(i) (QK_TAP_DANCE | ((i)&0xFF))
#define QK_TAP_DANCE_GET_INDEX(kc) ((kc)&0xFF)
#define QK_MOMENTARY_GET_LAYER(kc) ((kc)&0x1F)
#define QK_ONE_SHOT_LAYER_GET_LAYER(kc) ((kc)&0x1F)
#define QK_ONE_SHOT_MOD_GET_MODS(kc) ((kc)&0x1F)

/* modifiers.h */
#define MOD_LCTL 0x01
#define MOD_LSFT 0x02
#define MOD_LALT 0x04
#define MOD_LGUI 0x08
#define MOD_RCTL 0x11
#define MOD_RSFT 0x12
#define MOD_RALT 0x14
#define MOD_RGUI 0x18
#define MOD_HYPR 0x0F
#define MOD_MEH 0x07
#define MOD_INDEX(code) ((code)&0x07)
#define MOD_BIT(code) (1 << MOD_INDEX(code))

/* keyboard.h / action.h: the record a key event makes */
typedef struct {
    bool pressed;
} keyevent_t;
typedef struct {
    keyevent_t event;
} keyrecord_t;
typedef uint32_t layer_state_t;

/* encoder.h */
#define NUM_DIRECTIONS 2
#define ENCODER_CCW_CW(ccw, cw) {(cw), (ccw)}

/* process_tap_dance.h */
typedef struct {
    uint16_t interrupting_keycode;
    uint8_t  count;
    bool     pressed : 1;
    bool     finished : 1;
    bool     interrupted : 1;
} tap_dance_state_t;
typedef void (*tap_dance_user_fn_t)(tap_dance_state_t *state, void *user_data);
typedef struct {
    struct {
        tap_dance_user_fn_t on_each_tap;
        tap_dance_user_fn_t on_dance_finished;
        tap_dance_user_fn_t on_reset;
        tap_dance_user_fn_t on_each_release;
    } fn;
    void *user_data;
} tap_dance_action_t;
#define ACTION_TAP_DANCE_FN_ADVANCED(user_fn_on_each_tap, user_fn_on_dance_finished, user_fn_on_dance_reset) \
    {.fn = {user_fn_on_each_tap, user_fn_on_dance_finished, user_fn_on_dance_reset, NULL}, .user_data = NULL}

/* process_combo.h */
typedef struct {
    const uint16_t *keys;
    uint16_t        keycode;
} combo_t;
#define COMBO(ck, ca) {.keys = &(ck)[0], .keycode = (ca)}
#define COMBO_END 0

/* process_key_override.h */
typedef enum {
    ko_option_activation_trigger_down         = (1 << 0),
    ko_option_activation_required_mod_down    = (1 << 1),
    ko_option_activation_negative_mod_up      = (1 << 2),
    ko_option_one_mod                         = (1 << 3),
    ko_option_no_reregister_trigger           = (1 << 4),
    ko_option_no_unregister_on_other_key_down = (1 << 5),
} ko_option_t;
typedef struct {
    uint16_t      trigger;
    uint8_t       trigger_mods;
    layer_state_t layers;
    uint8_t       negative_mod_mask;
    uint8_t       suppressed_mods;
    uint16_t      replacement;
    ko_option_t   options;
    bool (*custom_action)(bool activated, void *context);
    void *context;
    bool *enabled;
} key_override_t;

/* action.h, send_string.h, wait.h: recorded by the test harness */
void register_code16(uint16_t code);
void unregister_code16(uint16_t code);
void tap_code16(uint16_t code);
void send_string(const char *string);
void wait_ms(uint32_t ms);
#define SEND_STRING(string) send_string(string)

/* action_layer.h, action_util.h (one-shot state), dynamic_keymap.h, quantum.h: recorded too */
void layer_on(uint8_t layer);
void layer_off(uint8_t layer);
typedef enum { ONESHOT_PRESSED = 0b01, ONESHOT_OTHER_KEY_PRESSED = 0b10, ONESHOT_START = 0b11, ONESHOT_TOGGLED = 0b100 } oneshot_fullfillment_t;
void set_oneshot_layer(uint8_t layer, uint8_t state);
void clear_oneshot_layer_state(oneshot_fullfillment_t state);
void add_oneshot_mods(uint8_t mods);
void dynamic_keymap_macro_send(uint8_t id);
bool process_record_user(uint16_t keycode, keyrecord_t *record);
`;
