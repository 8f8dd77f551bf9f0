import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fileShapesFromSchemas, GENERATED_FILE_SHAPES } from './file-shapes-from-schemas.ts';

describe('the data file types', () => {
  // A schema edited without `npm run schemas:types` would let the loader read fields the validator no longer checks.
  it('are what the JSON Schemas say (npm run schemas:types writes them)', async () => {
    expect(readFileSync(GENERATED_FILE_SHAPES, 'utf8'), 'run npm run schemas:types').toBe(await fileShapesFromSchemas());
  });
});
