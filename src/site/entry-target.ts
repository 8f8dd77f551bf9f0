/** Where an entry-screen password leads, and the tenant session it starts there. */
export interface EntryTarget {
  /** The tenant's base path ('/guardian/'). */
  base: string;
  tenantId: string;
  companyName: string;
  apiBase: string;
}
