/** One run of equal sectors in a DfuSe memory layout: [start, end), erase unit `sectorSize`. */
export interface DfuseSectorRun {
  start: number;
  end: number;
  sectorSize: number;
  readable: boolean;
  erasable: boolean;
  writable: boolean;
}

const MULTIPLIER: Record<string, number> = { ' ': 1, B: 1, K: 1024, M: 1024 * 1024 };

/**
 * Reads a DfuSe memory layout, the name of the DFU interface's alternate setting
 * (`@Internal Flash  /0x08000000/04*016Kg,01*064Kg,07*128Kg`): after `/address/`, runs of `count*size` with a
 * multiplier and a type letter whose low three bits are readable (1), erasable (2), writable (4). Several
 * `/address/runs` groups may follow one another. Returns null for a string that is not a layout.
 */
export function parseDfuseLayout(text: string): DfuseSectorRun[] | null {
  const body = /^@[^/]*((?:\/0x[0-9A-Fa-f]+\/[^/]+)+)$/.exec(text.trim())?.[1];
  if (!body) return null;
  const runs: DfuseSectorRun[] = [];
  for (const group of body.matchAll(/\/0x([0-9A-Fa-f]+)\/([^/]+)/g)) {
    let address = parseInt(group[1]!, 16);
    for (const part of group[2]!.split(',')) {
      const m = /^\s*(\d+)\*(\d+)\s?([ BKM]?)([a-g])\s*$/.exec(part);
      if (!m) return null;
      const count = Number(m[1]);
      const size = Number(m[2]) * (MULTIPLIER[m[3] || ' '] ?? 1);
      const type = m[4]!.charCodeAt(0) & 7;
      if (count === 0 || size === 0) return null;
      runs.push({
        start: address,
        end: address + count * size,
        sectorSize: size,
        readable: (type & 1) !== 0,
        erasable: (type & 2) !== 0,
        writable: (type & 4) !== 0,
      });
      address += count * size;
    }
  }
  return runs;
}

/** The run holding `address`, or null. */
export function runAt(layout: readonly DfuseSectorRun[], address: number): DfuseSectorRun | null {
  return layout.find((r) => address >= r.start && address < r.end) ?? null;
}

/** The start of the sector holding `address` (the run must hold it). */
export function sectorStart(run: DfuseSectorRun, address: number): number {
  return run.start + Math.floor((address - run.start) / run.sectorSize) * run.sectorSize;
}
