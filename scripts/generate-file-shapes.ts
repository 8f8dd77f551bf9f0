import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileShapesFromSchemas, GENERATED_FILE_SHAPES } from '../src/core/data/file-shapes-from-schemas.ts';
import { REPO_ROOT } from '../src/core/project-root.ts';

writeFileSync(GENERATED_FILE_SHAPES, await fileShapesFromSchemas());
console.log(`wrote ${path.relative(REPO_ROOT, GENERATED_FILE_SHAPES)}`);
