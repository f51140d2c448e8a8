import type { ZmkKeyGeometry } from '../../zmk/keymapData.ts';
import { behaviorByLabel } from './zmkBehaviorTable.ts';

/** A binding as the firmware stores it: the behavior's local id (0: none) and two parameters. */
export interface StoredBinding {
  behaviorId: number;
  param1: number;
  param2: number;
}

/** A binding as a board's keymap file writes it: `&lt 1 SPACE` is { behavior: 'lt', param1: 1, param2: … }. */
export interface BoardBinding {
  behavior: string;
  param1?: number;
  param2?: number;
}

/** One devicetree layer node; ids are the nodes' order. A reserved node is a spare slot for Studio. */
export interface BoardLayer {
  name: string;
  bindings?: BoardBinding[];
  reserved?: boolean;
}

export interface BoardLayout {
  name: string;
  keys: ZmkKeyGeometry[];
}

/** What the firmware was built with: the `.keymap` file and the board's physical layouts. */
export interface ZmkBoard {
  name: string;
  serialNumber: readonly number[];
  layouts: BoardLayout[];
  /** The chosen (stock) physical layout; the keymap's positions are its keys. */
  defaultLayout: number;
  layers: BoardLayer[];
  maxLayerNameLength: number;
}

/** What `save_changes` wrote to the keyboard's settings storage, JSON-safe (kept across page loads). */
export interface ZmkSavedSettings {
  /** 'layerId/position' (stock positions) → [behavior local id, param1, param2]. */
  bindings: Record<string, [number, number, number]>;
  layerOrder: number[] | null;
  layerNames: Record<string, string>;
  selectedLayout: number | null;
}

export const emptySettings = (): ZmkSavedSettings => ({
  bindings: {},
  layerOrder: null,
  layerNames: {},
  selectedLayout: null,
});

const NO_LAYER = 0xff;
const NONE: StoredBinding = { behaviorId: 0, param1: 0, param2: 0 };

const sameBinding = (a: StoredBinding, b: StoredBinding) =>
  a.behaviorId === b.behaviorId && a.param1 === b.param1 && a.param2 === b.param2;

/**
 * The firmware's keymap state (app/src/keymap.c and physical_layouts.c; docs/zmk-studio-protocol.md "Layers",
 * "Save, discard" and "Physical layouts"): bindings per layer id in stock positions, the layer order over every
 * slot (reserved ones included), names per id, the pending changes, the stored settings, and the selected
 * physical layout with its map to stock positions. Methods return false (or null) where the firmware returns an
 * error, and leave the state as the firmware would.
 */
export class ZmkKeymapModel {
  readonly keymapLength: number;
  readonly slots: number;
  private stock: StoredBinding[][];
  private live: StoredBinding[][] = [];
  private order: number[] = [];
  private names: string[] = [];
  private pending = new Set<string>();
  private namesChanged = new Set<number>();
  private selected: number;
  private map: number[] = [];

  constructor(
    readonly board: ZmkBoard,
    public settings: ZmkSavedSettings = emptySettings(),
  ) {
    this.keymapLength = board.layouts[board.defaultLayout]!.keys.length;
    this.slots = board.layers.length;
    this.stock = board.layers.map((layer) =>
      Array.from({ length: this.keymapLength }, (_, position) => {
        const binding = layer.bindings?.[position];
        if (!binding) return NONE;
        return {
          behaviorId: behaviorByLabel(binding.behavior).localId,
          param1: binding.param1 ?? 0,
          param2: binding.param2 ?? 0,
        };
      }),
    );
    this.selected = board.defaultLayout;
    this.load();
  }

  /** Stock keymap, then the stored settings over it (boot, and discard). */
  private load(): void {
    this.live = this.stock.map((layer) => layer.map((b) => ({ ...b })));
    for (const [key, [behaviorId, param1, param2]] of Object.entries(this.settings.bindings)) {
      const [layerId, position] = key.split('/').map(Number) as [number, number];
      const layer = this.live[layerId];
      if (layer && position < this.keymapLength) layer[position] = { behaviorId, param1, param2 };
    }
    this.order = this.settings.layerOrder?.slice() ?? this.stockOrder();
    this.names = this.board.layers.map((layer, id) => this.settings.layerNames[id] ?? layer.name);
    this.pending.clear();
    this.namesChanged.clear();
    this.selectLayout(this.settings.selectedLayout ?? this.board.defaultLayout);
  }

  private stockOrder(): number[] {
    const shown = this.board.layers.flatMap((layer, id) => (layer.reserved ? [] : [id]));
    return [...shown, ...Array<number>(this.slots - shown.length).fill(NO_LAYER)];
  }

  /** Layer ids in index order (the layers `get_keymap` lists). */
  layerIds(): number[] {
    const end = this.order.indexOf(NO_LAYER);
    return end < 0 ? [...this.order] : this.order.slice(0, end);
  }

  availableLayers(): number {
    return this.slots - this.layerIds().length;
  }

  layerName(id: number): string {
    return this.names[id] ?? '';
  }

  get selectedLayout(): number {
    return this.selected;
  }

  /** Selects a physical layout and remaps positions to stock ones by equal x/y (no position map). */
  selectLayout(index: number): boolean {
    const layout = this.board.layouts[index];
    if (!layout) return false;
    const stock = this.board.layouts[this.board.defaultLayout]!;
    this.map = Array.from({ length: this.keymapLength }, (_, position) => {
      if (index === this.board.defaultLayout) return position;
      const key = layout.keys[position];
      return key ? stock.keys.findIndex((k) => k.x === key.x && k.y === key.y) : -1;
    });
    this.selected = index;
    return true;
  }

  /** The binding at `position` of the selected layout on layer `id`; null where nothing maps. */
  binding(id: number, position: number): StoredBinding | null {
    const stockPosition = this.map[position] ?? -1;
    if (id >= this.slots || stockPosition < 0) return null;
    return this.live[id]![stockPosition]!;
  }

  /** Every position's binding (behavior 0 where nothing maps), as `get_keymap` lists them. */
  bindings(id: number): StoredBinding[] {
    return Array.from({ length: this.keymapLength }, (_, position) => this.binding(id, position) ?? NONE);
  }

  /** False for a layer id, position or unmapped position the firmware refuses (-EINVAL). */
  setBinding(id: number, position: number, binding: StoredBinding): boolean {
    if (id >= this.slots || position < 0 || position >= this.keymapLength) return false;
    const stockPosition = this.map[position] ?? -1;
    if (stockPosition < 0) return false;
    const layer = this.live[id]!;
    if (sameBinding(layer[stockPosition]!, binding)) return true;
    layer[stockPosition] = { ...binding };
    this.pending.add(`${id}/${stockPosition}`);
    return true;
  }

  moveLayer(start: number, dest: number): boolean {
    if (start >= this.slots || dest >= this.slots) return false;
    const [id] = this.order.splice(start, 1);
    this.order.splice(dest, 0, id!);
    return true;
  }

  /** The index the new layer took (the lowest unused id, appended), or null when no slot is free. */
  addLayer(): number | null {
    const index = this.order.indexOf(NO_LAYER);
    if (index < 0) return null;
    const used = new Set(this.layerIds());
    const id = Array.from({ length: this.slots }, (_, i) => i).find((candidate) => !used.has(candidate));
    if (id === undefined) return null;
    this.order[index] = id;
    return index;
  }

  removeLayer(index: number): boolean {
    if (index >= this.slots || this.order[index] === NO_LAYER) return false;
    this.order.splice(index, 1);
    this.order.push(NO_LAYER);
    return true;
  }

  /** 'index' or 'id' for what the firmware refuses; like it, no check that the id is a removed one. */
  restoreLayer(id: number, atIndex: number): 'index' | 'id' | null {
    if (atIndex >= this.slots) return 'index';
    if (id >= this.slots) return 'id';
    this.order.splice(atIndex, 0, id);
    this.order.length = this.slots;
    return null;
  }

  /** What the firmware refuses: 'id' out of range (-EINVAL), a name too long ('length', -ENOSPC); else null. */
  setLayerName(id: number, name: string): 'id' | 'length' | null {
    if (id >= this.slots) return 'id';
    if (new TextEncoder().encode(name).length >= this.board.maxLayerNameLength) return 'length';
    this.names[id] = name;
    this.namesChanged.add(id);
    return null;
  }

  hasUnsavedChanges(): boolean {
    const savedOrder = this.settings.layerOrder ?? this.stockOrder();
    const savedLayout = this.settings.selectedLayout ?? this.board.defaultLayout;
    return (
      this.pending.size > 0 ||
      this.order.some((id, i) => id !== savedOrder[i]) ||
      this.selected !== savedLayout
    );
  }

  /** Writes the pending changes to the settings (a new object, so a holder can persist it). */
  save(): void {
    const bindings = { ...this.settings.bindings };
    for (const key of this.pending) {
      const [layerId, position] = key.split('/').map(Number) as [number, number];
      const b = this.live[layerId]![position]!;
      bindings[key] = [b.behaviorId, b.param1, b.param2];
    }
    const layerNames = { ...this.settings.layerNames };
    for (const id of this.namesChanged) layerNames[id] = this.names[id]!;
    this.settings = { bindings, layerOrder: [...this.order], layerNames, selectedLayout: this.selected };
    this.pending.clear();
    this.namesChanged.clear();
  }

  /** Drops everything not saved: stock keymap, then the settings, on the saved physical layout. */
  discard(): void {
    this.load();
  }

  /** `reset_settings`: forgets the stored keymap (the layout selection stays) and reloads the stock one. */
  reset(): void {
    this.settings = { ...emptySettings(), selectedLayout: this.settings.selectedLayout };
    const layout = this.selected;
    this.load();
    this.selectLayout(layout);
  }

  /** Where `&studio_unlock` is bound: [layer id, position in the selected layout] pairs, shown layers only. */
  positionsOf(behaviorId: number): { layerId: number; position: number }[] {
    return this.layerIds().flatMap((layerId) =>
      this.bindings(layerId).flatMap((b, position) =>
        b.behaviorId === behaviorId ? [{ layerId, position }] : [],
      ),
    );
  }
}
