/*
 * The values a data folder holds that a schema cannot know in advance (catalog names, logo
 * names, store codes, each product's colours), written by every `npm run validate` as small JSON
 * Schemas that schemas/*.schema.json include (editor-values-ref.ts), for editors to offer as
 * completions and to flag what is not among them.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { asArray, asRecord, asString } from './data-shape.ts';
import { EDITOR_SCHEMA_FOLDER } from './editor-values-ref.ts';
import { listFiles } from './list-files.ts';
import { tenantFilesLeniently } from './tenant-files-leniently.ts';
import type { LoadResult } from './load-project.ts';
import type { SchemaName } from './schema-validator.ts';

type JsonSchema = Record<string, unknown>;

/** The file a schema's values are written to, relative to the data folder. */
export function editorValuesFile(schema: SchemaName): string {
  return `${EDITOR_SCHEMA_FOLDER}/${schema}.values.schema.json`;
}

/**
 * Writes the three values schemas under `root`, each only when its text changed (an editor
 * reloads a schema whose file changes). Colours come from the catalogs that read and pass their
 * schema (`readableCatalogs`): a catalog with a schema error keeps offering nothing new until it
 * is fixed; names of files and store codes are read as they are.
 */
export function writeEditorValues(root: string, result: Pick<LoadResult, 'readableCatalogs'>): void {
  const schemas = editorValueSchemas(root, result);
  mkdirSync(path.join(root, EDITOR_SCHEMA_FOLDER), { recursive: true });
  for (const [name, schema] of Object.entries(schemas) as [SchemaName, JsonSchema][]) {
    const file = path.join(root, editorValuesFile(name));
    const text = `${JSON.stringify(schema, null, 2)}\n`;
    if (readIfPresent(file) === text) continue;
    // Renamed into place, so an editor reading it never sees half a file.
    writeFileSync(`${file}.tmp`, text);
    renameSync(`${file}.tmp`, file);
  }
}

/**
 * writeEditorValues for the commands that load the data anyway (validate, build, dev), so the
 * editor's values follow whichever of them ran last; a data folder that cannot be written to is
 * still checked and built, as with .cache/image-check.json.
 */
export function refreshEditorValues(root: string, result: Pick<LoadResult, 'readableCatalogs'>): void {
  try {
    writeEditorValues(root, result);
  } catch {
    // A cache: nothing the command does depends on it.
  }
}

function editorValueSchemas(root: string, { readableCatalogs }: Pick<LoadResult, 'readableCatalogs'>): Record<SchemaName, JsonSchema> {
  // As the loader and the schema take them: ids lowercase, logo files with a lowercase extension.
  const catalogIds = listFiles(path.join(root, 'catalogs'))
    .filter((name) => name.endsWith('.yaml'))
    .map((name) => name.slice(0, -'.yaml'.length))
    .filter((id) => /^[a-z0-9][a-z0-9-]*$/.test(id));
  const logoFiles = listFiles(path.join(root, 'tenants/logos')).filter((name) => /\.(png|jpe?g|webp)$/.test(name));
  const logoNames = logoFiles.filter((name) => name.endsWith('.png')).map((name) => name.slice(0, -'.png'.length));
  const storeCodes = tenantStoreCodes(root);

  // Each product's own colour list, once per distinct list: a rule keyed by the list a product
  // holds, never by its code, so two catalogs' products of one code never merge their colours,
  // and an item is checked against a few dozen lists rather than every product of every catalog.
  const colourLists = new Map<string, readonly string[]>();
  for (const products of readableCatalogs.values()) for (const { colors } of products) colourLists.set(JSON.stringify(colors), colors);
  const allColors = sorted([...colourLists.values()].flat());

  const header = (schema: SchemaName): JsonSchema => ({
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $comment: `Written by npm run validate from the data in this folder, for editors (schemas/${schema}.schema.json includes it). Not committed; rewritten on every validate.`,
  });

  return {
    tenant: {
      ...header('tenant'),
      properties: {
        ...oneOf('catalog', catalogIds, 'must name a catalog file in catalogs/'),
        ...oneOf('company_logo', logoFiles, 'must name a file in tenants/logos/'),
        ...(logoNames.length > 0 && {
          embroideries: { additionalProperties: { items: listOf(logoNames, 'must name a logo in tenants/logos/ (its file name without .png)') } },
        }),
      },
    },
    site: { ...header('site'), properties: { ...oneOf('entry_header_image', logoFiles, 'must name a file in tenants/logos/') } },
    catalog: {
      ...header('catalog'),
      properties: {
        products: {
          items: {
            properties: {
              // Any colour may be new: offered, never required.
              ...(allColors.length > 0 && { colors: { items: { examples: allColors } } }),
              ...(storeCodes.length > 0 && { supportedStores: { items: listOf(storeCodes, 'must be the code of a store of a tenant') } }),
            },
            // default_color among the product's own `colors`, for every colour list the data holds
            // (JSON Schema cannot compare two fields of an item; a list changed since the last
            // validate has no rule until the next one, which the validator's own check covers).
            allOf: [...colourLists.values()].map((colors) => ({
              if: { properties: { colors: { const: colors } }, required: ['colors'] },
              then: { properties: { default_color: listOf(sorted([...colors]), "must be one of this product's colours") } },
            })),
          },
        },
      },
    },
  };
}

function oneOf(field: string, values: readonly string[], must: string): JsonSchema {
  return values.length > 0 ? { [field]: listOf(values, must) } : {};
}

/** Lists in a message only as many values as a person reads; the completion offers them all. */
const LISTED_IN_MESSAGE = 12;

function listOf(values: readonly string[], must: string): JsonSchema {
  const known = values.length <= LISTED_IN_MESSAGE ? `: ${values.join(', ')}` : ` (one of ${values.length})`;
  return { enum: values, errorMessage: `${must}${known} (as of the last npm run validate)` };
}

/** Every tenant's store codes, read leniently: a tenant file with other problems still names its stores. */
function tenantStoreCodes(root: string): string[] {
  const codes = new Set<string>();
  for (const data of tenantFilesLeniently(root)) {
    for (const store of asArray(asRecord(data).stores)) {
      const code = asString(asRecord(store).code);
      if (code) codes.add(code);
    }
  }
  return sorted([...codes]);
}

function sorted(values: string[]): string[] {
  return [...new Set(values)].sort((a, b) => a.localeCompare(b));
}

function readIfPresent(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
