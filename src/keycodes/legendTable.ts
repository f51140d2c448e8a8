import { LoadOnce } from '../lib/LoadOnce.ts';

/**
 * Friendly legends for named keycodes: what a person reads on a key face (`short`, fits a 1u cap on one or
 * two lines) and in the hover bar and screen-reader names (`title`). Rows are `NAME|short|Title`; NAME may be
 * any name or alias of the keycode in any generation (RGB_TOG and UG_TOGG both appear). Keys QMK already
 * labels well (A, F1, Enter …) are not listed: their QMK label is the title and, when short, the legend.
 */
const ROWS = `
KC_NO||Nothing
KC_TRNS|▽|Transparent (the layer below)
KC_ESC|Esc|Escape
KC_ENT|Enter|Enter
KC_BSPC|Bksp|Backspace
KC_SPC|Space|Space
KC_CAPS|Caps|Caps Lock
KC_LCTL|Ctrl|Left Ctrl
KC_RCTL|Ctrl|Right Ctrl
KC_LSFT|Shift|Left Shift
KC_RSFT|Shift|Right Shift
KC_LALT|Alt|Left Alt
KC_RALT|AltGr|Right Alt
KC_LGUI|Win|Left Win / Cmd
KC_RGUI|Win|Right Win / Cmd
KC_APP|Menu|Menu (application)
KC_PSCR|PrtSc|Print Screen
KC_SCRL|ScrLk|Scroll Lock
KC_PAUS|Pause|Pause / Break
KC_INS|Ins|Insert
KC_DEL|Del|Delete
KC_PGUP|PgUp|Page Up
KC_PGDN|PgDn|Page Down
KC_NUM|NumLk|Num Lock
KC_PENT|Enter|Numpad Enter
KC_PSLS|/|Numpad /
KC_PAST|*|Numpad *
KC_PMNS|-|Numpad -
KC_PPLS|+|Numpad +
KC_PDOT|.|Numpad .
KC_PEQL|=|Numpad =
KC_PCMM|,|Numpad ,
KC_KP_EQUAL_AS400|=|Numpad = (AS/400)
KC_P0|0|Numpad 0
KC_P1|1|Numpad 1
KC_P2|2|Numpad 2
KC_P3|3|Numpad 3
KC_P4|4|Numpad 4
KC_P5|5|Numpad 5
KC_P6|6|Numpad 6
KC_P7|7|Numpad 7
KC_P8|8|Numpad 8
KC_P9|9|Numpad 9
KC_NUHS|#|Non-US # and ~
KC_NUBS|\\|Non-US backslash
KC_KB_POWER|Power|Power (keyboard page)
KC_KB_MUTE|KB Mute|Mute (keyboard page)
KC_KB_VOLUME_UP|KB Vol +|Volume up (keyboard page)
KC_KB_VOLUME_DOWN|KB Vol -|Volume down (keyboard page)
KC_LCAP|Caps|Locking Caps Lock
KC_LNUM|NumLk|Locking Num Lock
KC_LSCR|ScrLk|Locking Scroll Lock
KC_EXEC|Exec|Execute
KC_SLCT|Select|Select
KC_AGIN|Again|Again
KC_ERAS|Erase|Alternate erase
KC_SYRQ|SysRq|SysReq / Attention
KC_CNCL|Cancel|Cancel
KC_PRIR|Prior|Prior
KC_RETN|Return|Return
KC_SEPR|Sep|Separator
KC_OPER|Oper|Oper
KC_CLAG|ClrAgn|Clear / Again
KC_CRSL|CrSel|CrSel / Props
KC_EXSL|ExSel|ExSel
KC_INT1|Ro|International 1 (Ro)
KC_INT2|Kana|International 2 (Katakana/Hiragana)
KC_INT3|¥|International 3 (Yen)
KC_INT4|Henkan|International 4 (Henkan)
KC_INT5|Muhenk|International 5 (Muhenkan)
KC_INT6|Int 6|International 6
KC_INT7|Int 7|International 7
KC_INT8|Int 8|International 8
KC_INT9|Int 9|International 9
KC_LNG1|한/영|Language 1 (Hangul/English)
KC_LNG2|漢字|Language 2 (Hanja)
KC_LNG3|Kata|Language 3 (Katakana)
KC_LNG4|Hira|Language 4 (Hiragana)
KC_LNG5|Zen|Language 5 (Zenkaku/Hankaku)
KC_LNG6|Lang 6|Language 6
KC_LNG7|Lang 7|Language 7
KC_LNG8|Lang 8|Language 8
KC_LNG9|Lang 9|Language 9
KC_PWR|Power|System power
KC_SLEP|Sleep|System sleep
KC_WAKE|Wake|System wake
KC_MUTE|Mute|Mute
KC_VOLU|Vol +|Volume up
KC_VOLD|Vol -|Volume down
KC_MNXT|Next|Next track
KC_MPRV|Prev|Previous track
KC_MSTP|Stop|Media stop
KC_MPLY|Play|Play / Pause
KC_MSEL|Player|Launch media player
KC_EJCT|Eject|Eject
KC_MAIL|Mail|Launch mail
KC_CALC|Calc|Launch calculator
KC_MYCM|My PC|Launch My Computer
KC_WSCH|Search|Browser search
KC_WHOM|Web Home|Browser home
KC_WBAK|Back|Browser back
KC_WFWD|Fwd|Browser forward
KC_WSTP|Web Stop|Browser stop
KC_WREF|Reload|Browser refresh
KC_WFAV|Favs|Browser favourites
KC_MFFD|FFwd|Fast forward
KC_MRWD|Rewind|Rewind
KC_BRIU|Bri +|Screen brightness up
KC_BRID|Bri -|Screen brightness down
KC_CPNL|Control|Open control panel
KC_ASST|Assist|Launch assistant
KC_MCTL|MCtl|Mission Control
KC_LPAD|LPad|Launchpad
KC_MS_U|Mouse ↑|Mouse up
KC_MS_D|Mouse ↓|Mouse down
KC_MS_L|Mouse ←|Mouse left
KC_MS_R|Mouse →|Mouse right
KC_BTN1|Mouse 1|Mouse 1
KC_BTN2|Mouse 2|Mouse 2
KC_BTN3|Mouse 3|Mouse 3
KC_BTN4|Mouse 4|Mouse 4
KC_BTN5|Mouse 5|Mouse 5
KC_BTN6|Mouse 6|Mouse 6
KC_BTN7|Mouse 7|Mouse 7
KC_BTN8|Mouse 8|Mouse 8
KC_WH_U|Wheel ↑|Mouse wheel up
KC_WH_D|Wheel ↓|Mouse wheel down
KC_WH_L|Wheel ←|Mouse wheel left
KC_WH_R|Wheel →|Mouse wheel right
KC_ACL0|Accel 0|Mouse acceleration 0
KC_ACL1|Accel 1|Mouse acceleration 1
KC_ACL2|Accel 2|Mouse acceleration 2
QK_BOOT|Boot|Bootloader (reset into flashing mode)
QK_RBT|Reboot|Reboot
QK_MAKE|Make|Type the make command
QK_GESC|Esc \`|Grave escape (Esc, \` with Shift or Win)
KC_GESC|Esc \`|Grave escape (Esc, \` with Shift or Win)
QK_LEAD|Leader|Leader key
QK_LOCK|Lock|Lock the next key held
QK_REP|Repeat|Repeat last key
QK_AREP|Alt Rep|Alternate repeat key
QK_LLCK|Lyr Lock|Layer lock
KC_LSPO|LS (|Left Shift, ( when tapped
KC_RSPC|RS )|Right Shift, ) when tapped
KC_SFTENT|RS Ent|Right Shift, Enter when tapped
KC_LCPO|LC (|Left Ctrl, ( when tapped
KC_RCPC|RC )|Right Ctrl, ) when tapped
KC_LAPO|LA (|Left Alt, ( when tapped
KC_RAPC|RA )|Right Alt, ) when tapped
`;

/** Friendly legend of a named keycode: key-face text and the full title. */
export interface Legend {
  short: string;
  title: string;
}

function parseRows(rows: string): [string, Legend][] {
  return rows
    .trim()
    .split('\n')
    .map((row) => {
      const [name, short, title] = row.split('|') as [string, string, string];
      return [name, { short, title }];
    });
}

const table = new Map<string, Legend>(parseRows(ROWS));

/**
 * Name or alias (upper case) → legend. Holds the KC_… and QK_… rows from the start and every other row once
 * `allLegends` has loaded; until then a key whose names need them reads QMK's own label or its name.
 */
export const LEGEND_TABLE: ReadonlyMap<string, Legend> = table;

/** Whether a keycode name's legend row ships with the first screen (the others load with `allLegends`). */
export const isFirstScreenLegendName = (name: string): boolean => /^(KC|QK)_/.test(name);

/**
 * The rest of the legend rows (legendTableMore.ts) and of the keycode tables (fullKeycodeTables.ts: QMK's rows
 * above 0xFF, the older numberings, VIA's names), loaded once on first need: `allLegends.ready` says whether
 * every row is in LEGEND_TABLE and every table complete, subscribers hear when they are (lib/LoadOnce.ts,
 * which also retries a failed fetch — offline before the chunk was cached — on the next load).
 */
export const allLegends = new LoadOnce<void>(() =>
  Promise.all([import('./legendTableMore.ts'), import('./fullKeycodeTables.ts')]).then(([{ MORE_ROWS }]) => {
    for (const [name, legend] of parseRows(MORE_ROWS)) table.set(name, legend);
  }),
);
