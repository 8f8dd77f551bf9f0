import { asArray, asRecord, asString } from './data-shape.ts';

/**
 * Where a data folder's values for editors live (editor-values.ts writes them), and how the
 * schemas include them: schemas/*.schema.json each have an `allOf` entry whose `$ref`, relative
 * to the schema, points into the data folder's `.cache/editor-schemas/`, so an editor driven by
 * yaml-language-server, which finds the schema through each file's `$schema` line, gets them
 * too. The validator and the generated types read the schemas without that entry
 * (`withoutEditorValues`): the same rules are checked, in full and with their own messages, by
 * the cross-file checks, and a fresh copy has no values yet.
 */
export const EDITOR_SCHEMA_FOLDER = '.cache/editor-schemas';

const VALUES_REF = new RegExp(`(^|/)${EDITOR_SCHEMA_FOLDER.replace(/\./g, '\\.')}/`);

/** A schema as the validator and the type generator read it: without the data folder's values. */
export function withoutEditorValues(schema: Record<string, unknown>): Record<string, unknown> {
  const { allOf, ...rest } = schema;
  const kept = asArray(allOf).filter((entry) => !VALUES_REF.test(asString(asRecord(entry).$ref) ?? ''));
  return kept.length > 0 ? { ...rest, allOf: kept } : rest;
}
