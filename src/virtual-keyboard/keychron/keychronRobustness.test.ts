import { describe, expect, it } from 'vitest';
import { keychronBoard, powerCycle } from './keychronTestBoard.ts';

/** A small deterministic generator (mulberry32), so a failure replays. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('Keychron model under arbitrary requests (hazards included)', () => {
  for (const id of ['q1v2_ansi_encoder', 'c1_pro_8k_ansi']) {
    it(`${id}: never throws, answers 32 bytes, stays silent only on 0xAA and 0xAB, and replays the same`, () => {
      const run = () => {
        const next = random(7);
        let board = keychronBoard(id);
        const replies: string[] = [];
        const ids = [
          0xa0, 0xa1, 0xa2, 0xa3, 0xa7, 0xa8, 0xa8, 0xa7, 0xaa, 0xab, 0x07, 0x08, 0x09, 0x0e, 0x12,
        ];
        for (let i = 0; i < 3000; i++) {
          const request = new Uint8Array(32).map(() => Math.floor(next() * 256));
          request[0] = ids[Math.floor(next() * ids.length)]!;
          if (request[0] !== 0xab && next() < 0.7) request[1] = Math.floor(next() * 0x14);
          if (request[0] === 0x07 || request[0] === 0x08 || request[0] === 0x09) request[1] = 3;
          const reply = board.handleReport(request);
          if (reply === null) expect([0xaa, 0xab]).toContain(request[0]);
          else expect(reply.length).toBe(32);
          replies.push(reply ? Buffer.from(reply).toString('hex') : '-');
          if (i % 500 === 499) board = powerCycle(board);
        }
        return replies;
      };
      expect(run()).toEqual(run());
    });
  }
});
