import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { threadId } from 'node:worker_threads';
import { validatorsKey } from './schema-validator.ts';
import type { CheckedSource, SourceStore } from './validate-sources.ts';
import type { YamlSource } from './yaml-source.ts';

/** Bump when the same text and schemas give other data (there is no such change today). */
const REVISION = 1;

/**
 * The data of files that parsed and passed their schema, kept on disk by the digest of their text
 * (`.cache/parsed-data/`), so a build reads only the data files changed since the last one: a
 * catalog of 600 products is about a tenth of a second of js-yaml and ajv, and a one-product edit
 * changes one catalog of three. Kept by V8's serializer, which gives back exactly what the parser
 * made (numbers such as .inf and -0 included, which JSON would not). The key also holds the file's
 * path (which schema it is checked against), the parsers' versions and the validators' digest:
 * equal keys, equal data and the same verdict, no error. A file with any error is not kept: it is
 * read and checked each time, its messages worded from its document.
 */
export class ParsedDataCache implements SourceStore {
  private readonly versions: string;

  constructor(private readonly dir: string) {
    this.versions = JSON.stringify([REVISION, validatorsKey(), PARSER_VERSIONS]);
  }

  get(file: string, text: string, parse: () => CheckedSource, withData: (data: unknown) => YamlSource): CheckedSource {
    const key = createHash('sha256').update(this.versions).update('\0').update(file).update('\0').update(text).digest('hex');
    const kept = path.join(this.dir, key.slice(0, 2), `${key}.v8`);
    try {
      return { source: withData(deserialize(readFileSync(kept))), schemaErrors: [] };
    } catch {
      // Not kept (or unreadable: cut short by a full disk, say): read and checked below.
    }
    const checked = parse();
    if (checked.source.diagnostics.length === 0 && checked.schemaErrors.length === 0) keep(kept, serialize(checked.source.data));
    return checked;
  }
}

const require = createRequire(import.meta.url);
const PARSER_VERSIONS = ['js-yaml', 'yaml'].map(
  (name) => (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version,
);

/** Whole or not at all: two builds may keep the same file at once. A cache that cannot be written is only slower. */
function keep(file: string, bytes: Buffer): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}-${threadId}.tmp`;
    writeFileSync(temporary, bytes);
    renameSync(temporary, file);
  } catch {
    // A read-only checkout still builds.
  }
}
