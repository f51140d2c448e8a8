import { describe, expect, it } from 'vitest';
import type { ZmkKeymapData, ZmkPhysicalLayouts } from '../zmk/keymapData.ts';
import { zmkScreenView } from './zmkScreenView.ts';

const key = { width: 100, height: 100, x: 0, y: 0, r: 0, rx: 0, ry: 0 };
const keymap: ZmkKeymapData = {
  layers: [
    { id: 3, name: 'Raise', bindings: [] },
    { id: 0, name: 'Base', bindings: [] },
  ],
  availableLayers: 0,
  maxLayerNameLength: 20,
};
const layouts: ZmkPhysicalLayouts = {
  activeIndex: 0,
  layouts: [
    { name: 'Full', keys: [key, key] },
    { name: 'Short', keys: [key] },
  ],
};
const ready = {
  info: { name: 'Corne', serialNumber: new Uint8Array() },
  label: 'USB serial 1d50:615e',
  phase: 'ready' as const,
  lock: { state: 'unlocked' as const, waiting: [] },
  keymap,
  layouts,
  selectedLayer: 1,
  failure: null,
  unsupported: [],
};

describe("a ZMK keyboard's screen, as its store has it", () => {
  it('names the keyboard by its own name, else by its connection', () => {
    expect(zmkScreenView(ready).name).toBe('Corne');
    expect(zmkScreenView({ ...ready, info: null }).name).toBe('USB serial 1d50:615e');
  });

  it('shows the loader while the keyboard is read, not while it is locked (the lock card says why)', () => {
    const loading = { ...ready, phase: 'loading' as const, keymap: null, layouts: null };
    expect(zmkScreenView(loading)).toMatchObject({ loading: true, shown: null });
    expect(zmkScreenView({ ...loading, lock: { state: 'locked', waiting: [] } }).loading).toBe(false);
  });

  it('loads the tools for a layer above the default one (layer id 0, wherever it stands)', () => {
    expect(zmkScreenView(ready).aboveDefault).toBe(false);
    expect(zmkScreenView({ ...ready, selectedLayer: 0 }).aboveDefault).toBe(true);
  });

  it("marks the shown layer's key whose write failed, not another layer's", () => {
    const failure = {
      code: 'generic' as const,
      request: 'keymap.setLayerBinding',
      key: { layerId: 0, position: 1 },
    };
    expect(zmkScreenView({ ...ready, failure }).shown?.failed).toBe(1);
    expect(zmkScreenView({ ...ready, failure, selectedLayer: 0 }).shown?.failed).toBe(-1);
  });

  it('offers the physical layouts only when there are several and the firmware can switch', () => {
    expect(zmkScreenView(ready).shown?.layoutChoice).toBe(true);
    const refused = { ...ready, unsupported: ['keymap.setActivePhysicalLayout'] };
    expect(zmkScreenView(refused).shown?.layoutChoice).toBe(false);
    const one = { ...ready, layouts: { activeIndex: 0, layouts: [layouts.layouts[0]!] } };
    expect(zmkScreenView(one).shown?.layoutChoice).toBe(false);
  });
});
