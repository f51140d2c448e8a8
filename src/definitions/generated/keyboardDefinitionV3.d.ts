// Types for the generated source-form check (scripts/generate-definition-validators.ts, SOURCE_OUTPUTS).
import type { DefinitionValidator } from './definitionValidators.js';

export const isKeyboardDefinitionV3: DefinitionValidator;
