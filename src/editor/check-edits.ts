import * as validators from 'editor:schema-validators';
import type { Diagnostic } from '../core/data/diagnostic.ts';
import { schemaDiagnostics } from '../core/data/schema-diagnostics.ts';
import { checkSources, SourceCache } from '../core/data/validate-sources.ts';
import type { ProjectFiles } from './project-files.ts';

/** Unchanged files are parsed once: after a keystroke only the edited file costs anything. */
const cache = new SourceCache();

/**
 * Every rule of `npm run validate` that reads no picture's pixels, on the files as edited: the
 * same code and the same schema validators, so the same words at the same paths.
 */
export function checkEdits(files: ProjectFiles, texts: ReadonlyMap<string, string>, newPictures: ReadonlySet<string>): Diagnostic[] {
  const { diagnostics } = checkSources(
    {
      tenantNames: files.tenantNames,
      catalogNames: files.catalogNames,
      read: (relative) => texts.get(relative),
      logoFiles: files.logoFiles,
      productImageFiles: new Set([...files.productImageFiles, ...newPictures]),
    },
    { checkSchema: (source, schema) => schemaDiagnostics(source, validators[schema]), cache },
  );
  return diagnostics;
}
