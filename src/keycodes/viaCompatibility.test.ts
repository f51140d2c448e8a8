import { describe, expect, it } from 'vitest';
import { formatKeycode } from './format.ts';
import { viaKeycodeText } from './viaKeycodeText.ts';
import { parseKeycode } from './parse.ts';
import { viaNameTable } from './viaTable.ts';
import { namedNumbers, viaCanWrite, viaRead, viaTable } from '../../tests/viaReader.ts';

const PROTOCOLS = [9, 10, 11, 12] as const;
const LAYER_FAMILIES = [
  '_QK_TO',
  '_QK_MOMENTARY',
  '_QK_DEF_LAYER',
  '_QK_TOGGLE_LAYER',
  '_QK_ONE_SHOT_LAYER',
  '_QK_LAYER_TAP_TOGGLE',
  '_QK_KB',
  '_QK_MACRO',
];

/** Every number VIA's tables name on a protocol: its named keys and every layer, macro and custom index. */
function viaNamedNumbers(protocol: number): number[] {
  const { ranges } = viaTable(protocol);
  const codes = new Set(namedNumbers(protocol));
  for (const base of LAYER_FAMILIES)
    for (let c = ranges[base]!; c <= ranges[`${base}_MAX`]!; c++) codes.add(c);
  return [...codes];
}

describe("VIA's names (tests/fixtures/via-keycodes)", () => {
  for (const protocol of PROTOCOLS) {
    it(`Keyloom knows exactly VIA's protocol-${protocol} table`, () => {
      const expected = Object.entries(viaTable(protocol).names).map(([n, c]) => [n.toUpperCase(), c]);
      expect([...viaNameTable(protocol).byName].sort()).toEqual(expected.sort());
    });

    it(`every name in VIA's protocol-${protocol} table reads to VIA's number`, () => {
      const wrong = Object.entries(viaTable(protocol).names).filter(
        ([n, c]) => parseKeycode(n, protocol) !== c,
      );
      expect(wrong).toEqual([]);
    });

    it(`protocol ${protocol}: every number VIA names → saved text → VIA's table → the same number (100%)`, () => {
      const codes = viaNamedNumbers(protocol);
      expect(codes.length).toBeGreaterThan(400);
      const lost = codes.filter((c) => viaRead(viaKeycodeText(c, protocol), protocol) !== c);
      expect(lost.map((c) => `${c.toString(16)} ${viaKeycodeText(c, protocol)}`)).toEqual([]);
    });

    it(`protocol ${protocol}: all 65,536 numbers — VIA reads back whatever it can express, the rest is hex Keyloom reads`, () => {
      const wrong: string[] = [];
      for (let c = 0; c <= 0xffff; c++) {
        const text = viaKeycodeText(c, protocol);
        if (parseKeycode(text, protocol) !== c) wrong.push(`${c.toString(16)}: ${text} (Keyloom)`);
        if (viaCanWrite(c, protocol)) {
          if (viaRead(text, protocol) !== c) wrong.push(`${c.toString(16)}: ${text} (VIA)`);
        } else if (!/^0x[0-9A-F]{4}$/.test(text)) wrong.push(`${c.toString(16)}: ${text} (not hex)`);
      }
      expect(wrong.slice(0, 20)).toEqual([]);
    });
  }

  it('protocol 13 writes and reads like 12', () => {
    for (const c of [0x7c77, 0x7110, 0x7820, 0x7842, 0x0047])
      expect(viaKeycodeText(c, 13)).toBe(viaKeycodeText(c, 12));
  });
});

// The legacy names issue #11 lists, with the number VIA's table gives each on the protocols that hold it.
const ISSUE_ALIASES: Record<string, readonly number[]> = {
  'KC_POWER KC_RO KC_KANA KC_JYEN KC_HENK KC_MHEN KC_HAEN KC_HANJ KC_LANG3 KC_LANG4 KC_LANG5 KC_LANG6 KC_LANG7 KC_LANG8 KC_LANG9 KC_SYSREQ KC_MCTL KC_LPAD BL_DEC BL_INC':
    [9, 10, 11, 12],
  'KC_ASUP KC_ASDN KC_ASRP KC_ASTG KC_ASON KC_ASOFF AU_TOG CLICKY_TOGGLE CLICKY_ENABLE CLICKY_DISABLE CLICKY_UP CLICKY_DOWN CLICKY_RESET MU_TOG MU_MOD VLK_TOG HPT_ON HPT_OFF HPT_TOG HPT_RST HPT_FBK HPT_BUZ HPT_MODI HPT_MODD HPT_CONT HPT_CONI HPT_COND HPT_DWLI HPT_DWLD CMB_ON CMB_OFF CMB_TOG MAGIC_GUI_ON MAGIC_GUI_OFF DYN_REC_START1 DYN_REC_START2 DYN_REC_STOP DYN_MACRO_PLAY1 DYN_MACRO_PLAY2 OUT_AUTO OUT_USB':
    [11, 12],
  'BR_INC BR_DEC EF_INC EF_DEC ES_INC ES_DEC H1_INC H1_DEC S1_INC S1_DEC H2_INC H2_DEC S2_INC S2_DEC': [
    9, 10,
  ],
};

describe('legacy names from the issue', () => {
  for (const [names, protocols] of Object.entries(ISSUE_ALIASES)) {
    for (const protocol of protocols) {
      it(`${names.split(' ')[0]}… read to VIA's numbers on protocol ${protocol}`, () => {
        for (const name of names.split(' ')) {
          const expected = viaTable(protocol).names[name];
          expect(expected, `${name} in VIA's table`).toBeDefined();
          expect(parseKeycode(name, protocol), name).toBe(expected);
        }
      });
    }
  }

  it("every MIDI name of VIA's protocol-11 table reads (MI_C_1, MI_OCT_N2, MI_TRNS_0, MI_VEL_10 …)", () => {
    const midi = Object.entries(viaTable(11).names).filter(([n]) => n.startsWith('MI_'));
    expect(midi.length).toBeGreaterThan(100);
    for (const [name, code] of midi) expect(parseKeycode(name, 11), name).toBe(code);
  });

  it('WT lighting names on a board now on protocol 12 are its QK_KB keys, CUSTOM(0)–CUSTOM(13)', () => {
    expect(parseKeycode('BR_INC', 12)).toBe(0x7e00);
    expect(parseKeycode('EF_DEC', 12)).toBe(0x7e03);
    expect(parseKeycode('S1_DEC', 12)).toBe(0x7e09);
    expect(parseKeycode('S2_DEC', 12)).toBe(0x7e0d);
    expect(viaKeycodeText(0x7e09, 12)).toBe('CUSTOM(9)');
  });

  it("QMK's newer names keep loading, and are saved as VIA's", () => {
    for (const [name, via] of [
      ['KC_SCRL', 'KC_SLCK'],
      ['KC_NUM', 'KC_NLCK'],
      ['KC_KB_POWER', 'KC_POWER'],
      ['KC_EXEC', 'KC_EXECUTE'],
      ['KC_PSTE', 'KC_PASTE'],
      ['KC_INT1', 'KC_RO'],
      ['UG_VALD', 'RGB_VAD'],
      ['QK_GESC', 'KC_GESC'],
      ['KC_WSCH', 'KC_WWW_SEARCH'],
      ['BL_DOWN', 'BL_DEC'],
      ['KC_PWR', 'KC_PWR'],
      ['QK_BOOT', 'RESET'],
      ['MS_BTN1', 'KC_MS_BTN1'],
    ] as const) {
      const code = parseKeycode(name, 12)!;
      expect(code, name).not.toBeNull();
      expect(viaKeycodeText(code, 12)).toBe(via);
    }
  });

  it('expressions are written with names VIA reads, and hex only where VIA has no text', () => {
    expect(viaKeycodeText(parseKeycode('LCTL(KC_SCRL)', 12)!, 12)).toBe('LCTL(KC_SLCK)');
    expect(viaKeycodeText(parseKeycode('LT(2,KC_NUM)', 12)!, 12)).toBe('LT(2,KC_NLCK)');
    expect(viaKeycodeText(parseKeycode('MT(MOD_LSFT,KC_INT1)', 11)!, 11)).toBe('MT(MOD_LSFT,KC_RO)');
    expect(viaKeycodeText(0x5703, 12)).toBe('0x5703'); // TD(3): VIA has no tap dance
    expect(viaKeycodeText(0x52e1, 12)).toBe('0x52E1'); // PDF(1)
    expect(viaKeycodeText(0x7c79, 12)).toBe('0x7C79'); // QK_REP
    expect(viaKeycodeText(0x7103, 12)).toBe('0x7103'); // QMK 0.0.2's MI_C: VIA's MI_C is 0x7110
    // The text Keyloom shows is unchanged for these.
    expect(formatKeycode(0x5703, 12)).toBe('TD(3)');
  });
});
