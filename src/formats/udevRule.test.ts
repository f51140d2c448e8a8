import { describe, expect, it } from 'vitest';
import { bootloaderUdevRule, parseUsbId, udevRule } from './udevRule.ts';

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

describe('bootloader udev rules', () => {
  const ids = (pairs: [number, number][]) => pairs.map(([vendorId, productId]) => ({ vendorId, productId }));

  it('open the DFU bootloader’s USB device, its ids only', () => {
    const rule = bootloaderUdevRule({
      bootloader: 'atmel-dfu',
      protocol: 'atmel-dfu',
      usb: ids([[0x03eb, 0x2ff4]]),
    });
    expect(rule?.path).toBe('/etc/udev/rules.d/70-keyloom-atmel-dfu.rules');
    expect(rule?.text.split('\n').slice(1)).toEqual([
      'SUBSYSTEM=="usb", ATTR{idVendor}=="03eb", ATTR{idProduct}=="2ff4", TAG+="uaccess"',
      '',
    ]);
  });

  it('open Caterina’s tty for each of its ids, with ModemManager kept away', () => {
    const rule = bootloaderUdevRule({
      bootloader: 'caterina',
      protocol: 'avr109',
      usb: ids([
        [0x1b4f, 0x9205],
        [0x2341, 0x0036],
      ]),
    });
    expect(rule?.text.split('\n').slice(1, 3)).toEqual([
      'SUBSYSTEMS=="usb", SUBSYSTEM=="tty", ATTRS{idVendor}=="1b4f", ATTRS{idProduct}=="9205", ENV{ID_MM_DEVICE_IGNORE}="1", TAG+="uaccess"',
      'SUBSYSTEMS=="usb", SUBSYSTEM=="tty", ATTRS{idVendor}=="2341", ATTRS{idProduct}=="0036", ENV{ID_MM_DEVICE_IGNORE}="1", TAG+="uaccess"',
    ]);
  });

  it('open HalfKay’s hidraw node; a drive needs none', () => {
    expect(
      bootloaderUdevRule({ bootloader: 'halfkay', protocol: 'halfkay', usb: ids([[0x16c0, 0x0478]]) })?.text,
    ).toContain(
      'KERNEL=="hidraw*", SUBSYSTEM=="hidraw", ATTRS{idVendor}=="16c0", ATTRS{idProduct}=="0478", TAG+="uaccess"',
    );
    expect(bootloaderUdevRule({ bootloader: 'rp2040', protocol: 'uf2', usb: [] })).toBeNull();
  });
});
