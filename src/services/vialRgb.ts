import { CMD } from '../protocol/commands.ts';
import {
  answers,
  infoRequest,
  modeRequest,
  readInfo,
  readMode,
  readSupported,
  saveRequest,
  setModeRequest,
  supportedRequest,
  VIALRGB_END,
  VIALRGB_PROTOCOL,
  type VialRgbInfo,
  type VialRgbMode,
} from '../protocol/vialRgb.ts';
import { VIALRGB_EFFECT_OFF } from '../vial/vialRgbEffects.ts';
import { RefusalError, refusalTable, type Refusal } from '../lib/refusal.ts';

/**
 * VialRGB lighting of a Vial keyboard (docs/vial-protocol.md "VialRGB") over the device's request queue.
 * Reading takes the protocol's minimum: info, mode, and one supported-effects request per 15 effects (the
 * firmware says it is done by leaving a slot empty). A change is one set request (the whole mode: effect,
 * speed and colour travel together) and one read of the mode, compared with what was asked; a refusal, a
 * garbled reply or a keyboard holding something else is a VialRgbError carrying what it holds, if known.
 */

/** Raw requests in the device's queue (ViaClient.requestRaw): the reply is checked by `accept`. */
export interface VialRgbLink {
  requestRaw(bytes: readonly number[], accept?: (reply: Uint8Array) => boolean): Promise<Uint8Array>;
}

export interface VialRgbData {
  info: VialRgbInfo;
  mode: VialRgbMode;
  /** Supported effect ids, ascending, Off (0) first (it is always there and never listed). */
  effects: number[];
}

/**
 * Why VialRGB failed, as codes the page words in the user's language (`refusals:vialRgb.<name>`); the English is
 * for logs and tests.
 */
export const VIALRGB_REFUSALS = refusalTable('vialRgb', {
  unhandled:
    'The keyboard does not answer VialRGB requests (VIA lighting commands are unhandled by its firmware)',
  unlockUnfinished:
    'The keyboard ignores lighting requests while its Vial unlock is unfinished: finish the unlock (or unplug and replug the keyboard), then try again',
  newerProtocol:
    'The keyboard speaks VialRGB protocol {{version}}, newer than the version {{known}} Keyloom knows',
  holdsOther:
    'The keyboard holds effect {{effect}}, speed {{speed}}, colour {{hue}}/{{saturation}}, brightness {{brightness}} instead of effect {{askedEffect}}, speed {{askedSpeed}}, colour {{askedHue}}/{{askedSaturation}}, brightness {{askedBrightness}}',
});

export class VialRgbError extends RefusalError {
  constructor(
    refusal: Refusal,
    /** What the keyboard holds after the failure, when it could be read. */
    readonly holds: VialRgbMode | null = null,
    /** Set when the keyboard ignored the request because its Vial unlock is unfinished (the pane says so). */
    readonly unlockUnfinished = false,
  ) {
    super(refusal);
    this.name = 'VialRgbError';
  }
}

/** Most supported-effect requests: 45 ids are known today (3 requests); a firmware never ending is cut off. */
const MAX_SUPPORTED_QUERIES = 32;

const UNHANDLED = VIALRGB_REFUSALS.refusal('unhandled');

/** One request whose reply echoes bytes 0–1 (or says "unhandled"); an unhandled one throws. */
async function ask(link: VialRgbLink, request: number[]): Promise<Uint8Array> {
  const reply = await link.requestRaw(request, (r) => answers(request, r) || r[0] === CMD.UNHANDLED);
  if (reply[0] === CMD.UNHANDLED) throw new VialRgbError(UNHANDLED);
  return reply;
}

export async function readVialRgb(link: VialRgbLink): Promise<VialRgbData> {
  const info = readInfo(await ask(link, infoRequest()));
  // Version 0 does not exist: it is the request coming back as sent, which is how a Vial firmware answers every
  // request but the unlock's own while an unlock is in progress (docs/vial-protocol.md) — e.g. after a
  // cancelled unlock dialog. Its firmware is fine; "update its firmware" would send the user the wrong way.
  if (info.version === 0) throw new VialRgbError(VIALRGB_REFUSALS.refusal('unlockUnfinished'), null, true);
  if (info.version !== VIALRGB_PROTOCOL)
    // Only a newer one is left (1 is the first): the keyboard is fine, Keyloom is behind.
    throw new VialRgbError(
      VIALRGB_REFUSALS.refusal('newerProtocol', { version: info.version, known: VIALRGB_PROTOCOL }),
    );
  const mode = await readVialRgbMode(link);
  const effects = [VIALRGB_EFFECT_OFF];
  let after = VIALRGB_EFFECT_OFF;
  for (let i = 0; i < MAX_SUPPORTED_QUERIES; i++) {
    const { ids, done } = readSupported(await ask(link, supportedRequest(after)), after);
    effects.push(...ids);
    if (done || ids.length === 0) break;
    after = ids[ids.length - 1]!;
    if (after >= VIALRGB_END - 1) break;
  }
  return { info, mode, effects };
}

export async function readVialRgbMode(link: VialRgbLink): Promise<VialRgbMode> {
  return readMode(await ask(link, modeRequest()));
}

/** What a VialRGB firmware keeps of `asked`: the colour only when on, the value clamped to the maximum. */
export function expectedMode(asked: VialRgbMode, before: VialRgbMode, maxBrightness: number): VialRgbMode {
  if (asked.effect === VIALRGB_EFFECT_OFF)
    return { ...before, effect: VIALRGB_EFFECT_OFF, speed: asked.speed };
  return { ...asked, brightness: Math.min(asked.brightness, maxBrightness) };
}

const sameMode = (a: VialRgbMode, b: VialRgbMode) =>
  a.effect === b.effect &&
  a.speed === b.speed &&
  a.hue === b.hue &&
  a.saturation === b.saturation &&
  a.brightness === b.brightness;

/**
 * Sends the whole mode and reads it back. Resolves with what the keyboard holds when it is what a VialRGB
 * firmware makes of the request (`expectedMode`); else throws a VialRgbError naming the difference.
 */
export async function writeVialRgbMode(
  link: VialRgbLink,
  asked: VialRgbMode,
  before: VialRgbMode,
  maxBrightness: number,
): Promise<VialRgbMode> {
  const request = setModeRequest(asked);
  // A set writes nothing into the reply: it comes back exactly as sent.
  const reply = await link.requestRaw(
    request,
    (r) => request.every((b, i) => r[i] === b) || r[0] === CMD.UNHANDLED,
  );
  if (reply[0] === CMD.UNHANDLED) throw new VialRgbError(UNHANDLED);
  const holds = await readVialRgbMode(link);
  const expected = expectedMode(asked, before, maxBrightness);
  if (!sameMode(holds, expected))
    throw new VialRgbError(
      VIALRGB_REFUSALS.refusal('holdsOther', {
        ...holds,
        askedEffect: expected.effect,
        askedSpeed: expected.speed,
        askedHue: expected.hue,
        askedSaturation: expected.saturation,
        askedBrightness: expected.brightness,
      }),
      holds,
    );
  return holds;
}

/** VIA's lighting save: the firmware stores its current lighting in EEPROM (it survives unplugging). */
export async function saveVialRgb(link: VialRgbLink): Promise<void> {
  await ask(link, saveRequest());
}
