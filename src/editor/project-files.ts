import type { EditorBackend } from './editor-backend.ts';

/** The data files as the editor first read them, and the pictures that exist. */
export interface ProjectFiles {
  /** Repository path → text, for every file directly in tenants/ and catalogs/. */
  texts: Map<string, string>;
  tenantNames: string[];
  catalogNames: string[];
  logoFiles: Set<string>;
  productImageFiles: Set<string>;
}

const name = (file: string) => file.slice(file.lastIndexOf('/') + 1);

/** Reads what `npm run validate` reads, through the backend, all at once. */
export async function readProjectFiles(backend: EditorBackend): Promise<ProjectFiles> {
  const [tenants, catalogs, logos, images] = await Promise.all(
    ['tenants', 'catalogs', 'tenants/logos', 'catalogs/images'].map((folder) => backend.listFiles(folder)),
  );
  const direct = (folder: string, files: string[]) => files.filter((file) => file.startsWith(`${folder}/`) && !file.slice(folder.length + 1).includes('/'));
  const dataFiles = [...direct('tenants', tenants!), ...direct('catalogs', catalogs!)].filter((file) => /\.ya?ml$/.test(file));
  const texts = new Map(await Promise.all(dataFiles.map(async (file) => [file, (await backend.readText(file)) ?? ''] as const)));
  return {
    texts,
    tenantNames: direct('tenants', tenants!).map(name),
    catalogNames: direct('catalogs', catalogs!).map(name),
    logoFiles: new Set(logos!.map(name)),
    productImageFiles: new Set(images!.map(name)),
  };
}
