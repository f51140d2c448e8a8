import { describe, expect, it } from 'vitest';
import { viaFamily } from '../families/viaFamily.ts';
import { FLASH_TARGETS } from '../flash/flashTargets.ts';
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
});
