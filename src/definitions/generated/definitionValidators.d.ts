// Types for the generated validators (scripts/generate-definition-validators.ts).

/** One schema error, as ajv reports it. */
export interface SchemaError {
  instancePath?: string;
  schemaPath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** A precompiled schema check: true when valid; otherwise `errors` says why (until the next call). */
export interface DefinitionValidator {
  (data: unknown): boolean;
  errors?: SchemaError[] | null;
}

export const isVIADefinitionV2: DefinitionValidator;
export const isVIADefinitionV3: DefinitionValidator;
export const isKeyboardDefinitionV2: DefinitionValidator;
export const isKeyboardDefinitionV3: DefinitionValidator;
