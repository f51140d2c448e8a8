import { describe, expect, it } from 'vitest';
import { parseUsbId, udevRule } from './udevRule.ts';

describe('udev rule', () => {
  it('is scoped to the keyboard\'s vendor and product id, hidraw only, with TAG+="uaccess"', () => {
    const rule = udevRule(0xfeed, 0x0001);
    expect(rule.path).toBe('/etc/udev/rules.d/70-keyloom-feed-0001.rules');
    expect(rule.text.split('\n')[1]).toBe(
      'KERNEL=="hidraw*", SUBSYSTEM=="hidraw", ATTRS{idVendor}=="feed", ATTRS{idProduct}=="0001", TAG+="uaccess"',
    );
    expect(rule.reload).toBe('sudo udevadm control --reload-rules && sudo udevadm trigger');
  });

  it('is never written without both ids (no rule for every hidraw device)', () => {
    expect(() => udevRule(0, 0)).toThrow(RangeError);
    expect(() => udevRule(0x10000, 1)).toThrow(RangeError);
    expect(() => udevRule(Number.NaN, 1)).toThrow(RangeError);
  });

  it('reads ids typed the ways lsusb and labels show them', () => {
    expect([
      parseUsbId('FEED'),
      parseUsbId('0x4b4c'),
      parseUsbId(' 1 '),
      parseUsbId('12345'),
      parseUsbId('zz'),
    ]).toEqual([0xfeed, 0x4b4c, 1, null, null]);
  });
});
