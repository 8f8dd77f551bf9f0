/**
 * Reads just the fields of catalogs/*.yaml and tenants/*.yaml that the sample images need.
 * Schema validation is scripts/validate.ts's job; this only insists on what it cannot
 * draw without, and names the file and field when something is off.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';

export class SampleDataError extends Error {
  override name = 'SampleDataError';
}

export interface Product {
  code: string;
  name: string;
  type: string;
  subCategory?: string;
  colors: string[];
  halfColors: string[];
}

export interface Catalog {
  /** Path relative to the project root, for messages. */
  file: string;
  products: Product[];
}

export interface Tenant {
  id: string;
  file: string;
  title: string;
  companyLogo?: string;
  /** Every name in every embroideries list, in file order, without duplicates. */
  logoNames: string[];
}

export interface Supplier {
  supplierName: string;
  entryHeaderImage?: string;
}

export interface SampleData {
  catalogs: Catalog[];
  tenants: Tenant[];
  supplier?: Supplier;
}

type YamlRecord = Record<string, unknown>;

export async function loadSampleData(root: string): Promise<SampleData> {
  const catalogFiles = await yamlFiles(root, 'catalogs');
  const tenantFiles = await yamlFiles(root, 'tenants');
  const catalogs = await Promise.all(catalogFiles.map((file) => loadCatalog(root, file)));
  const tenants = await Promise.all(tenantFiles.filter((file) => !path.basename(file).startsWith('_')).map((file) => loadTenant(root, file)));
  const siteFile = tenantFiles.find((file) => /^_site\.ya?ml$/.test(path.basename(file)));
  const supplier = siteFile ? await loadSupplier(root, siteFile) : undefined;
  return { catalogs, tenants, supplier };
}

/** YAML files of a folder, sorted so every run visits them in the same order. */
async function yamlFiles(root: string, folder: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(path.join(root, folder));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return names
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => `${folder}/${name}`);
}

async function readYaml(root: string, file: string): Promise<YamlRecord> {
  const text = await readFile(path.join(root, file), 'utf8');
  let document: unknown;
  try {
    document = parse(text, { prettyErrors: true });
  } catch (error) {
    throw new SampleDataError(`${file}: cannot parse YAML: ${(error as Error).message.trim()}`);
  }
  // An empty file parses to null; treat it as an empty mapping rather than an error.
  if (document === null || document === undefined) return {};
  if (!isRecord(document)) throw new SampleDataError(`${file}: expected a mapping at the top level`);
  return document;
}

async function loadCatalog(root: string, file: string): Promise<Catalog> {
  const document = await readYaml(root, file);
  const products = document['products'] ?? [];
  if (!Array.isArray(products)) throw new SampleDataError(`${file}: products must be a list`);
  return { file, products: products.map((item, i) => readProduct(item, `${file}: products[${i}]`)) };
}

function readProduct(item: unknown, where: string): Product {
  if (!isRecord(item)) throw new SampleDataError(`${where} must be a mapping`);
  return {
    code: fileNamePart(requiredText(item, 'code', where), `${where}.code`),
    name: requiredText(item, 'name', where),
    type: optionalText(item, 'type', where) ?? '',
    subCategory: optionalText(item, 'sub_category', where),
    colors: textList(item, 'colors', where),
    halfColors: textList(item, 'halfColors', where),
  };
}

async function loadTenant(root: string, file: string): Promise<Tenant> {
  const document = await readYaml(root, file);
  const where = file;
  const id = path.basename(file).replace(/\.ya?ml$/, '');
  const companyLogo = optionalText(document, 'company_logo', where);
  return {
    id,
    file,
    title: optionalText(document, 'title', where) ?? optionalText(document, 'company_name', where) ?? id,
    companyLogo: companyLogo === undefined ? undefined : fileNamePart(companyLogo, `${where}: company_logo`),
    logoNames: readLogoNames(document['embroideries'], where),
  };
}

function readLogoNames(embroideries: unknown, where: string): string[] {
  if (embroideries === undefined || embroideries === null) return [];
  if (!isRecord(embroideries)) throw new SampleDataError(`${where}: embroideries must be a mapping`);
  const names = Object.keys(embroideries).flatMap((category) =>
    textList(embroideries, category, `${where}: embroideries`).map((name) => fileNamePart(name, `${where}: embroideries.${category}`)),
  );
  return [...new Set(names)];
}

async function loadSupplier(root: string, file: string): Promise<Supplier> {
  const document = await readYaml(root, file);
  const image = optionalText(document, 'entry_header_image', file);
  return {
    supplierName: optionalText(document, 'supplier_name', file) ?? 'Dealer Storefronts',
    entryHeaderImage: image === undefined ? undefined : fileNamePart(image, `${file}: entry_header_image`),
  };
}

// ---------------------------------------------------------------------------------------
// Field readers

function isRecord(value: unknown): value is YamlRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** YAML turns unquoted 500 or 1.5 into numbers; as names they mean the same text. */
function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function optionalText(record: YamlRecord, key: string, where: string): string | undefined {
  const value = record[key];
  if (value === undefined || value === null) return undefined;
  const text = asText(value);
  if (text === undefined) throw new SampleDataError(`${where}: ${key} must be text`);
  return text;
}

function requiredText(record: YamlRecord, key: string, where: string): string {
  const text = optionalText(record, key, where);
  if (!text?.trim()) throw new SampleDataError(`${where}: ${key} is missing`);
  return text;
}

function textList(record: YamlRecord, key: string, where: string): string[] {
  const value = record[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new SampleDataError(`${where}: ${key} must be a list`);
  return value.map((item, i) => {
    const text = asText(item);
    if (text === undefined || !text.trim()) {
      throw new SampleDataError(`${where}: ${key}[${i}] must be non-empty text`);
    }
    return text;
  });
}

/** Names become file names; refuse anything that could step outside the images folder. */
function fileNamePart(name: string, where: string): string {
  if (/[/\\\0]/.test(name) || name === '.' || name === '..') {
    throw new SampleDataError(`${where}: "${name}" cannot be used in a file name`);
  }
  return name;
}
