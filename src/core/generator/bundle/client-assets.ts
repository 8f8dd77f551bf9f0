/** The browser bundles one build produced, by entry, as file names inside assets/. */
export type ClientEntry = 'every-page' | 'item' | 'stores' | 'entry' | 'checkout' | 'success' | 'orders' | 'order-status' | 'search' | 'desk';

export interface ClientAssets {
  stylesheet: string;
  entries: Record<ClientEntry, { file: string; imports: string[] }>;
  /** Every file to publish in each site's assets/ folder. */
  files: string[];
}
