import { describe, expect, it } from 'vitest';
import { viaFamily } from '../families/viaFamily.ts';
import { FLASH_TARGETS } from '../bootloaders/flashTargets.ts';
import { keycodeTable } from '../keycodes/tables.ts';
import { findQmkDemo, QMK_DEMO_TARGETS } from './qmkDemos.ts';

describe('the QMK flashing demos', () => {
  it('are the VIA family’s qmk-* demos, one per protocol, each on a known bootloader', () => {
    const listed = viaFamily.demos!.ids.filter((id) => id.startsWith('qmk-'));
    expect(listed).toEqual(Object.keys(QMK_DEMO_TARGETS));
    const protocols = listed.map((id) => {
      const target = FLASH_TARGETS.find((t) => t.id === findQmkDemo(id)?.firmware?.qmkBootloader);
      expect(target, id).toBeDefined();
      return target!.protocol;
    });
    expect(new Set(protocols)).toEqual(new Set(['avr109', 'atmel-dfu', 'dfuse', 'halfkay', 'uf2']));
    expect(findQmkDemo('qmk-nothing')).toBeUndefined();
  });

  it('the Split 36 reads as a 36-key board: QWERTY rows, thumbs, numbers on layer 1', () => {
    const [base, numbers] = findQmkDemo('qmk-caterina')!.firmware!.defaultKeymap!;
    const table = keycodeTable(12);
    const name = (code: number) => table.byCode.get(code)?.name;
    // Left half row 0, then right half row 4 (matrix 8 × 5).
    expect([...base!.slice(0, 5), ...base!.slice(20, 25)].map(name)).toEqual([
      'KC_Q',
      'KC_W',
      'KC_E',
      'KC_R',
      'KC_T',
      'KC_Y',
      'KC_U',
      'KC_I',
      'KC_O',
      'KC_P',
    ]);
    expect(name(base![19]!)).toBe('KC_SPC');
    expect(numbers!.slice(0, 5).map(name)).toEqual(['KC_1', 'KC_2', 'KC_3', 'KC_4', 'KC_5']);
    expect(numbers![10]).toBe(0x01);
  });
});
