import { describe, expect, it } from 'vitest';
import { diagnose, type DoctorFacts } from './connectionDoctor.ts';
import type { ConnectedDevice, DeviceProblem } from '../families/deviceFamily.ts';

const device = (over: Partial<ConnectedDevice> = {}): ConnectedDevice => ({
  path: 'hid-1',
  productName: 'Prototype 75',
  vendorId: 0xfeed,
  productId: 1,
  vendorProductId: 0xfeed0001,
  protocol: 12,
  family: 'via',
  requiredDefinitionVersion: 'v3',
  virtual: false,
  hasDefinition: true,
  ...over,
});
const problem = (kind: DeviceProblem['problem'], over: Partial<DeviceProblem> = {}): DeviceProblem => ({
  path: 'hid-2',
  productName: 'Board',
  vendorId: 0x1234,
  productId: 0x5678,
  virtual: false,
  problem: kind,
  ...over,
});
const facts = (over: Partial<DoctorFacts>): DoctorFacts => ({
  webHid: true,
  linux: false,
  devices: [],
  problems: [],
  ...over,
});

describe('connection doctor', () => {
  it('says so when the browser has no WebHID', () => {
    expect(diagnose(facts({ webHid: false })).map((f) => f.kind)).toEqual(['noWebHid']);
  });

  it('asks to authorise a keyboard when none is, offering the Linux rule by typed ids only on Linux', () => {
    expect(diagnose(facts({}))).toEqual([{ kind: 'noneAuthorised' }]);
    expect(diagnose(facts({ linux: true }))).toEqual([{ kind: 'noneAuthorised', udev: 'ask' }]);
    // Virtual keyboards do not count as an authorised keyboard.
    expect(diagnose(facts({ devices: [device({ virtual: true })] })).map((f) => f.kind)).toEqual([
      'noneAuthorised',
    ]);
  });

  it('names a keyboard without a definition with its protocol and the version it needs', () => {
    const [finding] = diagnose(facts({ devices: [device({ hasDefinition: false })] }));
    expect(finding).toEqual({
      kind: 'noDefinition',
      device: {
        path: 'hid-1',
        productName: 'Prototype 75',
        vendorId: 0xfeed,
        productId: 1,
        virtual: false,
        protocol: 12,
        version: 'v3',
      },
    });
  });

  it('puts devices that cannot be used first, and adds the scoped udev rule on Linux for permission-like ones', () => {
    const found = diagnose(
      facts({
        linux: true,
        devices: [device({ hasDefinition: false })],
        problems: [
          problem('viaDisabled'),
          problem('cannotOpen', { path: 'hid-3' }),
          problem('invalidProtocol'),
        ],
      }),
    );
    expect(found.map((f) => f.kind)).toEqual([
      'cannotOpen',
      'viaDisabled',
      'invalidProtocol',
      'noDefinition',
    ]);
    expect(found[0]).toMatchObject({ udev: { vendorId: 0x1234, productId: 0x5678 } });
    expect(found[1]).not.toHaveProperty('udev');
  });

  it('reports all good when every keyboard answers and has a definition', () => {
    expect(diagnose(facts({ devices: [device()] }))).toEqual([{ kind: 'allGood' }]);
  });
});

describe('the doctor while a flash is set up', () => {
  const caterina = {
    bootloader: 'caterina',
    protocol: 'avr109' as const,
    usb: [{ vendorId: 0x1b4f, productId: 0x9205 }],
  };

  it('offers the bootloader’s udev rule on Linux only, and none for a drive', () => {
    const keyboard = device();
    expect(diagnose(facts({ linux: true, devices: [keyboard], flashing: caterina }))).toEqual([
      { kind: 'bootloaderAccess', bootloader: caterina },
    ]);
    expect(diagnose(facts({ linux: false, devices: [keyboard], flashing: caterina }))).toEqual([
      { kind: 'allGood' },
    ]);
    const drive = { bootloader: 'rp2040', protocol: 'uf2' as const, usb: [] };
    expect(diagnose(facts({ linux: true, devices: [keyboard], flashing: drive }))).toEqual([
      { kind: 'allGood' },
    ]);
  });
});
