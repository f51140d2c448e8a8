import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { qmkHeaders } from './qmkHeaders.ts';

/** What the compiled keymap.c holds, as numbers (printed by a tiny main). */
export interface CompiledKeymap {
  layers: number[][][];
  encoders: number[][][] | null;
  combos: { keys: number[]; keycode: number }[] | null;
  overrides: {
    trigger: number;
    triggerMods: number;
    layers: number;
    negative: number;
    suppressed: number;
    replacement: number;
    options: number;
    enabled: boolean;
  }[];
  /** What each macro key's press does (register/unregister/tap/send/wait calls). */
  macros: Record<string, string[]>;
  /** Tap dance rows: on tap, on hold, on double tap, on tap + hold, term. */
  dances: number[][] | null;
  /** What each tap dance does, tapped once then held once (finished + reset each): the calls it makes. */
  danceCalls: { tap: string[]; hold: string[] }[] | null;
}

/** The machine's C compiler (CI has gcc), or null when there is none. */
export function cCompiler(): string | null {
  for (const cc of [process.env.CC, 'gcc', 'cc', 'clang']) {
    if (!cc) continue;
    try {
      execFileSync(cc, ['--version'], { stdio: 'ignore' });
      return cc;
    } catch {
      // try the next one
    }
  }
  return null;
}

const MAIN_C = String.raw`
static char calls[4096];
static void call(const char *what, unsigned value) {
    char item[64];
    snprintf(item, sizeof item, "%s\"%s %u\"", calls[0] ? "," : "", what, value);
    strncat(calls, item, sizeof calls - strlen(calls) - 1);
}
void register_code16(uint16_t code) { call("down", code); }
void unregister_code16(uint16_t code) { call("up", code); }
void tap_code16(uint16_t code) { call("tap", code); }
void wait_ms(uint32_t ms) { call("wait", ms); }
void layer_on(uint8_t layer) { call("layer_on", layer); }
void layer_off(uint8_t layer) { call("layer_off", layer); }
void set_oneshot_layer(uint8_t layer, uint8_t state) { call("oneshot_layer", layer); }
void clear_oneshot_layer_state(oneshot_fullfillment_t state) { call("oneshot_layer_clear", state); }
void add_oneshot_mods(uint8_t mods) { call("oneshot_mods", mods); }
void dynamic_keymap_macro_send(uint8_t id) { call("dynamic_macro", id); }
#ifndef KL_MACROS
bool process_record_user(uint16_t keycode, keyrecord_t *record) { return true; }
#endif
void send_string(const char *s) {
    char item[512];
    snprintf(item, sizeof item, "%s\"text %s\"", calls[0] ? "," : "", s);
    strncat(calls, item, sizeof calls - strlen(calls) - 1);
}

int main(void) {
    printf("{\"layers\":[");
    for (size_t l = 0; l < ARRAY_SIZE(keymaps); l++) {
        printf("%s[", l ? "," : "");
        for (int r = 0; r < MATRIX_ROWS; r++) {
            printf("%s[", r ? "," : "");
            for (int c = 0; c < MATRIX_COLS; c++) printf("%s%u", c ? "," : "", keymaps[l][r][c]);
            printf("]");
        }
        printf("]");
    }
    printf("],\"encoders\":");
#if defined(ENCODER_MAP_ENABLE) && defined(KL_ENCODERS)
    printf("[");
    for (size_t l = 0; l < ARRAY_SIZE(encoder_map); l++) {
        printf("%s[", l ? "," : "");
        for (int e = 0; e < NUM_ENCODERS; e++) printf("%s[%u,%u]", e ? "," : "", encoder_map[l][e][0], encoder_map[l][e][1]);
        printf("]");
    }
    printf("]");
#else
    printf("null");
#endif
    printf(",\"combos\":");
#ifdef KL_COMBOS
    printf("[");
    for (size_t i = 0; i < ARRAY_SIZE(key_combos); i++) {
        printf("%s{\"keycode\":%u,\"keys\":[", i ? "," : "", key_combos[i].keycode);
        for (const uint16_t *k = key_combos[i].keys; *k != COMBO_END; k++) printf("%s%u", k != key_combos[i].keys ? "," : "", *k);
        printf("]}");
    }
    printf("]");
#else
    printf("null");
#endif
    printf(",\"overrides\":[");
#ifdef KL_OVERRIDES
    for (size_t i = 0; i < ARRAY_SIZE(key_overrides); i++) {
        const key_override_t *o = key_overrides[i];
        printf("%s{\"trigger\":%u,\"triggerMods\":%u,\"layers\":%u,\"negative\":%u,\"suppressed\":%u,\"replacement\":%u,\"options\":%u,\"enabled\":%s}",
               i ? "," : "", o->trigger, o->trigger_mods, (unsigned)o->layers, o->negative_mod_mask, o->suppressed_mods,
               o->replacement, (unsigned)o->options, o->enabled == NULL || *o->enabled ? "true" : "false");
    }
#endif
    printf("],\"dances\":");
#ifdef KL_DANCES
    printf("[");
    for (size_t i = 0; i < ARRAY_SIZE(keyloom_dances); i++) {
        const keyloom_dance_t *d = &keyloom_dances[i];
        printf("%s[%u,%u,%u,%u,%u]", i ? "," : "", d->on_tap, d->on_hold, d->on_double_tap, d->on_tap_hold, d->term);
        (void)tap_dance_actions;
    }
    printf("],\"danceCalls\":[");
    for (size_t i = 0; i < ARRAY_SIZE(keyloom_dances); i++) {
        tap_dance_state_t state = {.count = 1, .pressed = false};
        calls[0] = 0;
        tap_dance_actions[i].fn.on_dance_finished(&state, NULL);
        tap_dance_actions[i].fn.on_reset(&state, NULL);
        printf("%s{\"tap\":[%s],", i ? "," : "", calls);
        state.pressed = true;
        calls[0] = 0;
        tap_dance_actions[i].fn.on_dance_finished(&state, NULL);
        tap_dance_actions[i].fn.on_reset(&state, NULL);
        printf("\"hold\":[%s]}", calls);
    }
    printf("]");
#else
    printf("null,\"danceCalls\":null");
#endif
    printf(",\"macros\":{");
#ifdef KL_MACROS
    int first = 1;
    for (unsigned code = QK_MACRO; code <= QK_MACRO_MAX; code++) {
        calls[0] = 0;
        keyrecord_t record = {.event = {.pressed = true}};
        if (process_record_user(code, &record)) continue;
        printf("%s\"%u\":[%s]", first ? "" : ",", code, calls);
        first = 0;
    }
#endif
    printf("}}\n");
    return 0;
}
`;

/**
 * Compiles an exported keymap.c (with `-Wall -Werror`, as QMK builds) against the QMK header subset
 * (qmkHeaders.ts) for a MATRIX_ROWS × MATRIX_COLS board, runs it, and returns the numbers it holds.
 */
export function compileKeymap(
  cc: string,
  keymapC: string,
  board: { rows: number; cols: number; encoders: number; defines?: string[] },
): CompiledKeymap {
  const dir = mkdtempSync(path.join(tmpdir(), 'keyloom-keymap-'));
  try {
    for (const [name, text] of Object.entries(qmkHeaders())) writeFileSync(path.join(dir, name), text);
    writeFileSync(path.join(dir, 'keymap.c'), keymapC);
    const has = (s: string) => keymapC.includes(s);
    const flags = [
      has('encoder_map[]') && 'KL_ENCODERS',
      has('key_combos[]') && 'KL_COMBOS',
      has('key_overrides[]') && 'KL_OVERRIDES',
      has('keyloom_dances[]') && 'KL_DANCES',
      has('bool process_record_user(') && 'KL_MACROS',
    ].filter((f): f is string => typeof f === 'string');
    writeFileSync(path.join(dir, 'main.c'), `#include <string.h>\n#include "keymap.c"\n${MAIN_C}`);
    const defines = [
      `MATRIX_ROWS=${board.rows}`,
      `MATRIX_COLS=${board.cols}`,
      `NUM_ENCODERS=${Math.max(board.encoders, 1)}`,
      'QMK_KEYBOARD_H="qmk_stub.h"',
      ...flags,
      ...(board.defines ?? []),
    ];
    const exe = path.join(dir, 'keymap');
    execFileSync(
      cc,
      ['-std=gnu11', '-Wall', '-Werror', ...defines.map((d) => `-D${d}`), '-o', exe, 'main.c'],
      {
        cwd: dir,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    return JSON.parse(execFileSync(exe, { encoding: 'utf8' })) as CompiledKeymap;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
