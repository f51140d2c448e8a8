import { CMD } from '../../protocol/commands.ts';
import { KC_VIA_CHANNEL_RGB_MATRIX } from '../../protocol/keychron/keychronIds.ts';
import type { KeychronState } from './keychronState.ts';
import { modeByte, scale8 } from './rgbMatrixConfig.ts';

/** VIA's RGB-matrix value ids on channel 3. */
const BRIGHTNESS = 1;
const EFFECT = 2;
const SPEED = 3;
const COLOR = 4;

/**
 * VIA's custom-value commands (0x07 set, 0x08 get, 0x09 save) as Keychron's via.c answers them: only channel 3
 * (RGB matrix) is built, every other channel is unhandled (0xFF). Values are set in RAM; brightness is scaled by
 * scale8(v, 255), so 128 reads back 127; effect 0 turns the matrix off; unknown value ids are echoed.
 *
 * Keychron's save quirk: every set records its value id in an 8-bit mask, and a save writes to EEPROM only when
 * exactly one of brightness, effect, speed or colour is recorded; the record is cleared either way. Ids 8-31
 * fall outside the 8-bit mask; ids of 32 and more are a hazard (a shift past 32 bits) and record nothing here,
 * as on the board's ARM core. Returns whether EEPROM was written.
 */
export function rgbMatrixChannel(kc: KeychronState, data: Uint8Array): boolean {
  if (data[1] !== KC_VIA_CHANNEL_RGB_MATRIX) {
    data[0] = CMD.UNHANDLED;
    return false;
  }
  const rgb = kc.rgb;
  const c = rgb.config;
  const id = data[2]!;
  switch (data[0]) {
    case CMD.CUSTOM_SET_VALUE:
      if (id < 8) kc.viaRgbMask |= 1 << id;
      if (id === BRIGHTNESS) rgb.setHsv(c.hue, c.sat, scale8(data[3]!, 255));
      else if (id === EFFECT) {
        if (data[3] === 0) rgb.disable();
        else {
          rgb.enable();
          rgb.setMode(data[3]!);
        }
      } else if (id === SPEED) rgb.setSpeed(data[3]!);
      else if (id === COLOR) rgb.setHsv(data[3]!, data[4]!, c.val);
      return false;
    case CMD.CUSTOM_GET_VALUE:
      if (id === BRIGHTNESS) data[3] = c.val;
      else if (id === EFFECT) data[3] = c.enable ? c.mode : 0;
      else if (id === SPEED) data[3] = c.speed;
      else if (id === COLOR) data.set([c.hue, c.sat], 3);
      return false;
    default:
      return save(kc);
  }
}

function save(kc: KeychronState): boolean {
  const at = kc.layout.rgbMatrix;
  const c = kc.rgb.config;
  const mask = kc.viaRgbMask;
  kc.viaRgbMask = 0;
  if (mask === 1 << BRIGHTNESS) kc.eeprom[at + 3] = c.val;
  else if (mask === 1 << EFFECT) kc.eeprom[at] = modeByte(c);
  else if (mask === 1 << COLOR) kc.eeprom.set([c.hue, c.sat], at + 1);
  else if (mask === 1 << SPEED) kc.eeprom[at + 4] = c.speed;
  else return false;
  return true;
}
