import type { LimitProblem } from './definitionLimits.ts';

// The sentences live apart from the limits: the first screen checks served definitions against the limits but
// never shows these (a served definition went through them when it was built).

const n = (value: number) => value.toLocaleString('en-US');

/** The English sentence for a problem (CLI, logs, the Design tab); the UI has the same sentences translated. */
export function limitMessage(p: LimitProblem): string {
  const at = p.where ? ` (${p.where})` : '';
  const most = `Keyloom reads at most ${n(p.limit)}`;
  switch (p.subject) {
    case 'fileBytes':
      return `This definition file is ${n(p.count)} bytes; ${most}.`;
    case 'depth':
      return `This definition nests lists and objects more than ${n(p.limit)} deep; ${most} levels.`;
    case 'values':
      return `This definition holds more than ${n(p.limit)} values; ${most}.`;
    case 'stringLength':
      return `A text in this definition is ${n(p.count)} characters long${at}; ${most} characters.`;
    case 'kleRows':
      return `This definition has ${n(p.count)} rows of keys${at}; ${most}.`;
    case 'rowEntries':
      return `This definition has ${n(p.count)} keys in one row${at}; ${most}.`;
    case 'keys':
      return `This definition has ${n(p.count)} keys; ${most}.`;
    case 'labels':
      return `This definition has ${n(p.count)} layout options; the keyboard stores at most ${n(p.limit)}.`;
    case 'choices':
      return `A layout option has ${n(p.count)} choices${at}; VIA stores at most ${n(p.limit)}.`;
    case 'optionBits':
      return `This definition's layout options need ${n(p.count)} bits; the keyboard stores at most ${n(p.limit)}.`;
    case 'menuEntries':
      return `This definition's menus have ${n(p.count)} entries; ${most}.`;
    case 'menuOptions':
      return `A menu control has ${n(p.count)} options${at}; its value holds at most ${n(p.limit)}.`;
    case 'customKeycodes':
      return `This definition has ${n(p.count)} custom keycodes; ${most}.`;
    case 'effects':
      return `A lighting list has ${n(p.count)} effects${at}; the effect value holds at most ${n(p.limit)}.`;
    case 'matrixRows':
      return `The matrix has ${n(p.count)} rows; the VIA protocol addresses at most ${n(p.limit)}.`;
    case 'matrixCols':
      return `The matrix has ${n(p.count)} columns; the VIA protocol addresses at most ${n(p.limit)}.`;
    case 'matrixPositions':
      return `The matrix has ${n(p.count)} positions; one layer of the VIA keymap holds at most ${n(p.limit)}.`;
    case 'ledIndex':
      return `A key's LED index is ${n(p.count)}${at}; the VIA protocol addresses LEDs 0 to ${n(p.limit)}.`;
    case 'encoderIndex':
      return `A key's encoder index is ${n(p.count)}${at}; the VIA protocol addresses encoders 0 to ${n(p.limit)}.`;
  }
}
