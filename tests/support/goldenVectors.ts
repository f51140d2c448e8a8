import { REPORT_LENGTH } from '../../src/protocol/commands.ts';

/**
 * The golden-vector format of `tests/fixtures/keychron-wire/` (its README): a script of 32-byte requests, the
 * reports each must get, and power cycles. Each line is one of
 *
 *   `> TOKENS`                        a request
 *   `< TOKENS` / `< none`             one expected report of the request above (several lines: several reports)
 *   `power-cycle`                     restart the board with the EEPROM it has
 *   `sweep LIST > TOKENS < TOKENS`    one request per value in LIST (hex bytes and ranges `a0-af`, comma-separated)
 *
 * Tokens: hex bytes (`a7 05` or `a705`), `xx` (the swept value), `..` (filler to the end: byte i is
 * (i × 37 + 11) & 0xff, the same in request and reply, so it shows what the firmware leaves as sent) and `sum`
 * (the factory-test checksum: the 16-bit sum of bytes 1-28 in bytes 30-31, little endian; `..` before it stops at
 * byte 29). Unwritten bytes are zero. `#` starts a comment.
 */
export type GoldenStep =
  { kind: 'exchange'; line: number; request: Uint8Array; replies: Uint8Array[] } | { kind: 'power-cycle' };

const filler = (i: number) => (i * 37 + 11) & 0xff;

/** Builds one report from tokens; throws with the line number on a token it does not know. */
export function reportFrom(tokens: string[], swept: number, line: number): Uint8Array {
  const report = new Uint8Array(REPORT_LENGTH);
  const withSum = tokens.includes('sum');
  let at = 0;
  for (const token of tokens) {
    if (token === 'sum') continue;
    if (token === 'xx') report[at++] = swept;
    else if (token === '..')
      for (const end = withSum ? 30 : REPORT_LENGTH; at < end; at++) report[at] = filler(at);
    else if (/^([0-9a-f]{2})+$/i.test(token))
      for (let k = 0; k < token.length; k += 2) report[at++] = parseInt(token.slice(k, k + 2), 16);
    else throw new Error(`line ${line}: unknown token '${token}'`);
    if (at > REPORT_LENGTH) throw new Error(`line ${line}: more than ${REPORT_LENGTH} bytes`);
  }
  if (withSum) {
    let sum = 0;
    for (let i = 1; i <= 28; i++) sum += report[i]!;
    report[30] = sum & 0xff;
    report[31] = (sum >> 8) & 0xff;
  }
  return report;
}

/** `a0-a3,a7` → [0xa0 … 0xa3, 0xa7]. */
function sweepValues(list: string): number[] {
  return list.split(',').flatMap((part) => {
    const [from, to = from] = part.split('-').map((h) => parseInt(h, 16)) as [number, number?];
    return Array.from({ length: to - from + 1 }, (_, k) => from + k);
  });
}

/** Parses a golden-vector script into steps (requests with their expected reports, power cycles). */
export function parseGoldenVectors(text: string): GoldenStep[] {
  const steps: GoldenStep[] = [];
  let last: Extract<GoldenStep, { kind: 'exchange' }> | null = null;
  text.split('\n').forEach((raw, index) => {
    const line = index + 1;
    const body = raw.replace(/#.*/, '').trim();
    if (!body) return;
    const [head, ...rest] = body.split(/\s+/);
    if (head === 'power-cycle') {
      steps.push({ kind: 'power-cycle' });
      last = null;
    } else if (head === '>') {
      last = { kind: 'exchange', line, request: reportFrom(rest, 0, line), replies: [] };
      steps.push(last);
    } else if (head === '<') {
      if (!last) throw new Error(`line ${line}: a reply without a request`);
      if (rest.join(' ') !== 'none') last.replies.push(reportFrom(rest, 0, line));
    } else if (head === 'sweep') {
      const [list, ...templates] = rest;
      const split = templates.indexOf('<');
      if (templates[0] !== '>' || split < 0) throw new Error(`line ${line}: sweep LIST > … < …`);
      const request = templates.slice(1, split);
      const reply = templates.slice(split + 1);
      for (const value of sweepValues(list!)) {
        steps.push({
          kind: 'exchange',
          line,
          request: reportFrom(request, value, line),
          replies: reply.join(' ') === 'none' ? [] : [reportFrom(reply, value, line)],
        });
      }
      last = null;
    } else throw new Error(`line ${line}: cannot read '${raw}'`);
  });
  return steps;
}
