import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { REPO_ROOT } from '../project-root.ts';
import { withoutEditorValues } from './editor-values-ref.ts';

export const GENERATED_FILE_SHAPES = path.join(REPO_ROOT, 'src', 'core', 'data', 'file-shapes.generated.ts');

const BANNER = `// Generated from schemas/*.schema.json by \`npm run schemas:types\` (json-schema-to-typescript).
// Do not edit: change the schema and run it again; a test fails while this file and the schemas differ.
// Named in file-shapes.ts.`;

/**
 * The TypeScript types of the data files, written from their JSON Schemas, so the types the
 * loader reads and the schemas the validator checks cannot say different things.
 */
export async function fileShapesFromSchemas(): Promise<string> {
  const parts: string[] = [];
  for (const name of ['tenant', 'catalog', 'site']) {
    const schema = withoutRefDescriptions(
      withoutEditorValues(JSON.parse(readFileSync(path.join(REPO_ROOT, 'schemas', `${name}.schema.json`), 'utf8')) as Record<string, unknown>),
    );
    parts.push(
      await compile(schema as JSONSchema, name, {
        cwd: path.join(REPO_ROOT, 'schemas'),
        bannerComment: '',
        style: { singleQuote: true, printWidth: 140 },
      }),
    );
  }
  return `${BANNER}\n\n${parts.join('\n')}`;
}

/**
 * A `$ref` with its own `description` (each category's logos list, say) would make the generator
 * write one copy of the referenced type per use (Logos1, Logos2, …); without it every use names
 * the one type. The descriptions stay in the schemas, where editors show them.
 */
function withoutRefDescriptions(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutRefDescriptions);
  if (node === null || typeof node !== 'object') return node;
  const entries = Object.entries(node).filter(([key]) => !(key === 'description' && '$ref' in node));
  return Object.fromEntries(entries.map(([key, value]) => [key, withoutRefDescriptions(value)]));
}
