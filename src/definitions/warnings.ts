/**
 * Mistakes keyboard makers make that still compile: they never block loading (the board may work), but each
 * one shows up as a wrong or dead key for the owner. `keyloom definitions validate` and the Design tab list them.
 */
import { visibleKeys } from './geometry.ts';

interface WarnedKey {
  row: number;
  col: number;
  ei?: number | undefined;
  d?: boolean | undefined;
}

interface WarnedDefinition {
  matrix: { rows: number; cols: number };
  layouts: {
    keys: WarnedKey[];
    optionKeys: Record<string, Record<string, WarnedKey[]>>;
    labels?: readonly (string | readonly string[])[] | undefined;
  };
}

/** Where an option key sits: the group's label and the choice. */
export interface OptionPlace {
  group: string;
  choice: string;
}

export type DefinitionWarning =
  | { kind: 'duplicatePosition'; position: string; count: number }
  | { kind: 'encoderWithoutPress'; encoder: number; option?: OptionPlace }
  | { kind: 'outsideMatrix'; position: string; rows: number; cols: number; option?: OptionPlace }
  | { kind: 'noChoiceZero'; group: string };

const position = (k: WarnedKey) => `${k.row},${k.col}`;

/** Warnings as data, each naming the keys or option group concerned; empty for a clean definition. */
export function definitionWarnings(definition: WarnedDefinition): DefinitionWarning[] {
  const { rows, cols } = definition.matrix;
  const { keys, optionKeys, labels } = definition.layouts;
  const warnings: DefinitionWarning[] = [];

  // Duplicates only count among the keys drawn by default (choice 0 of every group): other choices replace them.
  const seen = new Map<string, number>();
  const drawn = visibleKeys({ keys, optionKeys }, []).filter((k) => !k.d && k.row >= 0 && k.col >= 0);
  for (const key of drawn) seen.set(position(key), (seen.get(position(key)) ?? 0) + 1);
  for (const [at, count] of seen)
    if (count > 1) warnings.push({ kind: 'duplicatePosition', position: at, count });

  const everyKey: { key: WarnedKey; option?: OptionPlace }[] = [
    ...keys.map((key) => ({ key })),
    ...Object.entries(optionKeys).flatMap(([group, choices]) =>
      Object.entries(choices).flatMap(([choice, list]) =>
        list.map((key) => ({ key, option: { group: groupName(labels, group), choice } })),
      ),
    ),
  ];
  for (const { key, option } of everyKey) {
    if (key.d) continue;
    const where = option ? { option } : {};
    if (key.ei !== undefined && (key.row < 0 || key.col < 0))
      warnings.push({ kind: 'encoderWithoutPress', encoder: key.ei, ...where });
    else if (key.row < 0 || key.col < 0 || key.row >= rows || key.col >= cols)
      warnings.push({ kind: 'outsideMatrix', position: position(key), rows, cols, ...where });
  }

  for (const [group, choices] of Object.entries(optionKeys))
    if (!('0' in choices)) warnings.push({ kind: 'noChoiceZero', group: groupName(labels, group) });

  return warnings;
}

function groupName(labels: WarnedDefinition['layouts']['labels'], group: string): string {
  const label = labels?.[Number(group)];
  return label === undefined ? `#${group}` : typeof label === 'string' ? label : (label[0] ?? `#${group}`);
}

/** The warning as one English line (the CLI's output; the Design tab translates the same data). */
export function describeWarning(warning: DefinitionWarning): string {
  const where =
    'option' in warning && warning.option
      ? ` (layout '${warning.option.group}', choice ${warning.option.choice})`
      : '';
  switch (warning.kind) {
    case 'duplicatePosition':
      return `${warning.count} keys share matrix position ${warning.position} in the default layout: they always send the same keycode`;
    case 'encoderWithoutPress':
      return `Encoder ${warning.encoder}${where} has no matrix position: pressing it does nothing`;
    case 'outsideMatrix':
      return `Key at matrix ${warning.position}${where} is outside the ${warning.rows}×${warning.cols} matrix`;
    case 'noChoiceZero':
      return `Layout '${warning.group}' has no choice 0: the default layout draws none of its keys`;
  }
}
