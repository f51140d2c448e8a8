// zod's core, shared by classic zod and zod/mini, so either kind of schema can be used as a Reader.
import { safeParse, type $ZodError, type $ZodType } from 'zod/v4/core';
import { ShapeError, type Reader } from './shape.ts';

/** The first schema issue as one short line ("v2.0.definition: expected object, received undefined"). */
export function firstIssue(error: $ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const where = issue.path.map(String).join('.');
  return where ? `${where}: ${issue.message}` : issue.message;
}

/** A zod schema as a Reader (stored values read after the first screen keep their zod schemas). */
export function zodReader<T>(schema: $ZodType<T>): Reader<T> {
  return (value) => {
    const parsed = safeParse(schema, value);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    throw new ShapeError(issue?.path.map(String) ?? [], issue?.message ?? 'invalid');
  };
}
