import { fillTemplate } from './messageTemplate.ts';

/**
 * Why outside input (a file, a link, a macro script) was refused, as a code with its values, one table of
 * English texts per reader. The English is for the CLI, tests and logs; the page shows `refusals:<code>` with the
 * same values in the user's language (`ui/common/refusalWords.ts`; `i18n/refusals.test.ts` keeps every table and
 * the four languages in step). Values are already formatted (sizes with separators), so a translation only
 * places them; a value may itself be a refusal (the reason a macro was refused, inside the file's refusal),
 * worded in the same language.
 */

export type RefusalValue = string | Refusal;

export interface Refusal {
  /** `<group>.<name>`: the table's group and the refusal's name in it. */
  code: string;
  values: Record<string, RefusalValue>;
}

/** A refused read: the refusal for the page, its English text for the CLI and logs. */
export interface Refused {
  ok: false;
  refusal: Refusal;
  message: string;
}

/** A refusal thrown from deep inside a reader (a macro script, a .vil macro); its message is the English text. */
export class RefusalError extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusalText(refusal));
    this.name = 'RefusalError';
  }
}

type Values = Record<string, string | number | Refusal>;

/** One reader's refusals: its English texts and the functions that make its refusals. */
export interface RefusalTable<Name extends string> {
  readonly group: string;
  readonly text: Readonly<Record<Name, string>>;
  refusal(name: Name, values?: Values): Refusal;
  /** A failed result carrying the refusal and its English text. */
  refuse(name: Name, values?: Values): Refused;
  /** The English text of one refusal, its values placed. */
  textOf(name: Name, values?: Values): string;
  /** Whether a refusal is `name` of this table (a flow that acts on one reason, such as a cancel). */
  is(refusal: Refusal, name: Name): boolean;
}

// Every table's English by group: a refusal can only exist once the module holding its table has run.
const ENGLISH = new Map<string, Readonly<Record<string, string>>>();

/** The groups whose tables have been made so far, and their English texts (for the test that checks them). */
export function refusalTables(): ReadonlyMap<string, Readonly<Record<string, string>>> {
  return ENGLISH;
}

/** Makes (and registers) the refusal table of one reader: `group` names it in `refusals:<group>.<name>`. */
export function refusalTable<const T extends Record<string, string>>(
  group: string,
  text: T,
): RefusalTable<keyof T & string> {
  ENGLISH.set(group, text);
  const refusal = (name: keyof T & string, values: Values = {}): Refusal => ({
    code: `${group}.${name}`,
    values: Object.fromEntries(
      Object.entries(values).map(([k, v]) => [k, typeof v === 'object' ? v : String(v)]),
    ),
  });
  return {
    group,
    text,
    refusal,
    refuse: (name, values) => {
      const r = refusal(name, values);
      return { ok: false, refusal: r, message: refusalText(r) };
    },
    textOf: (name, values) => refusalText(refusal(name, values)),
    is: (r, name) => r.code === `${group}.${name}`,
  };
}

/** The English text of a refusal, its values placed (a refusal among them in its own English). */
export function refusalText(r: Refusal): string {
  const dot = r.code.indexOf('.');
  const template = ENGLISH.get(r.code.slice(0, dot))?.[r.code.slice(dot + 1)] ?? r.code;
  return fillTemplate(template, (name) => {
    const value = r.values[name];
    return value === undefined ? '' : typeof value === 'string' ? value : refusalText(value);
  });
}

/** A caught error as a refusal's value: its refusal when it carries one, else its (English) message. */
export function reasonOf(e: unknown): RefusalValue {
  if (e instanceof RefusalError) return e.refusal;
  return e instanceof Error ? e.message : String(e);
}
