/** Folder of the entry screen's own small site in dist/; tenant ids cannot start with '_'. */
export const ENTRY_SITE = '_entry';

/** Where an entry-screen password leads, and the tenant session it starts there. */
export interface EntryTarget {
  /** The tenant's base path ('/guardian/'). */
  base: string;
  tenantId: string;
  companyName: string;
  apiBase: string;
}
