import { MOD_BITS } from './modifiers.ts';

// The modifier names keycode text is parsed with (parse.ts). Apart from modifiers.ts, which formatting imports
// on the first screen: a module the first screen imports brings every export any chunk uses (issue 43).

/** `MOD_*` names for MT/OSM/LM masks. MOD_HYPR and MOD_MEH are shorthands QMK defines. */
export const MOD_MASK_NAMES: Readonly<Record<string, number>> = {
  MOD_LCTL: 0x01,
  MOD_LSFT: 0x02,
  MOD_LALT: 0x04,
  MOD_LGUI: 0x08,
  MOD_RCTL: 0x11,
  MOD_RSFT: 0x12,
  MOD_RALT: 0x14,
  MOD_RGUI: 0x18,
  MOD_HYPR: 0x0f,
  MOD_MEH: 0x07,
};

/**
 * Parses `MOD_LCTL|MOD_LSFT` (spaces allowed) into a 5-bit mask; null when a name is unknown or the list is
 * empty. A right-hand mask applies to every modifier in it, so left and right may only be mixed in the form
 * VIA writes right modifiers (`MOD_LALT | MOD_RALT`): each left name repeated by its right twin.
 */
export function parseModMask(text: string): number | null {
  const parts = text.split('|').map((p) => p.trim().toUpperCase());
  if (parts.length === 0 || parts.some((p) => p === '')) return null;
  let left = 0;
  let right = 0;
  let anyRight = false;
  for (const p of parts) {
    const bits = MOD_MASK_NAMES[p];
    if (bits === undefined) return null;
    if (bits & MOD_BITS.RIGHT) {
      anyRight = true;
      right |= bits & 0x0f;
    } else left |= bits;
  }
  if (!anyRight) return left;
  return (left & ~right) === 0 ? MOD_BITS.RIGHT | right : null;
}

/** Wrapper functions (`LCTL(kc)`, `C_S(kc)`, `HYPR(kc)`, …) → the 5-bit mods they apply. */
export const MOD_WRAPPERS: Readonly<Record<string, number>> = {
  LCTL: 0x01,
  C: 0x01,
  LSFT: 0x02,
  S: 0x02,
  LALT: 0x04,
  A: 0x04,
  LOPT: 0x04,
  LGUI: 0x08,
  G: 0x08,
  LCMD: 0x08,
  LWIN: 0x08,
  RCTL: 0x11,
  RSFT: 0x12,
  RALT: 0x14,
  ALGR: 0x14,
  ROPT: 0x14,
  RGUI: 0x18,
  RCMD: 0x18,
  RWIN: 0x18,
  C_S: 0x03,
  LCS: 0x03,
  LCA: 0x05,
  LCG: 0x09,
  LSA: 0x06,
  SGUI: 0x0a,
  SCMD: 0x0a,
  SWIN: 0x0a,
  LSG: 0x0a,
  LAG: 0x0c,
  MEH: 0x07,
  LCSG: 0x0b,
  LCAG: 0x0d,
  LSAG: 0x0e,
  HYPR: 0x0f,
  RCS: 0x13,
  RCA: 0x15,
  RCG: 0x19,
  RSA: 0x16,
  SAGR: 0x16,
  RSG: 0x1a,
  RAG: 0x1c,
  RCSG: 0x1b,
  RCAG: 0x1d,
  RSAG: 0x1e,
};

/** Mod-tap shortcut functions (`LCTL_T(kc)`, `SFT_T(kc)`, …) → their 5-bit mods. */
export const MOD_TAP_SHORTCUTS: Readonly<Record<string, number>> = {
  LCTL_T: 0x01,
  CTL_T: 0x01,
  LSFT_T: 0x02,
  SFT_T: 0x02,
  LALT_T: 0x04,
  ALT_T: 0x04,
  LOPT_T: 0x04,
  OPT_T: 0x04,
  LGUI_T: 0x08,
  GUI_T: 0x08,
  LCMD_T: 0x08,
  CMD_T: 0x08,
  LWIN_T: 0x08,
  WIN_T: 0x08,
  RCTL_T: 0x11,
  RSFT_T: 0x12,
  RALT_T: 0x14,
  ROPT_T: 0x14,
  ALGR_T: 0x14,
  RGUI_T: 0x18,
  RCMD_T: 0x18,
  RWIN_T: 0x18,
  C_S_T: 0x03,
  LCS_T: 0x03,
  LCA_T: 0x05,
  LCG_T: 0x09,
  LSA_T: 0x06,
  SGUI_T: 0x0a,
  SCMD_T: 0x0a,
  SWIN_T: 0x0a,
  LSG_T: 0x0a,
  LAG_T: 0x0c,
  MEH_T: 0x07,
  LCSG_T: 0x0b,
  LCAG_T: 0x0d,
  LSAG_T: 0x0e,
  HYPR_T: 0x0f,
  ALL_T: 0x0f,
  RCS_T: 0x13,
  RCA_T: 0x15,
  RCG_T: 0x19,
  RSA_T: 0x16,
  SAGR_T: 0x16,
  RSG_T: 0x1a,
  RAG_T: 0x1c,
  RCSG_T: 0x1b,
  RCAG_T: 0x1d,
  RSAG_T: 0x1e,
};
