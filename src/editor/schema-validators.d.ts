// The schema validators compiled into the editor's bundle (src/core/editor/editor-bundle.ts).
declare module 'editor:schema-validators' {
  import type { ValidateFunction } from 'ajv';
  export const tenant: ValidateFunction;
  export const catalog: ValidateFunction;
  export const site: ValidateFunction;
}
