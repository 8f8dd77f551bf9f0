import { storeOfItemAddress } from '../../site/routes.ts';

export interface ItemStore {
  code: string;
  name: string;
  /** Its lines are added only once its password was given in this browser session. */
  hasPassword?: boolean;
}

/**
 * The store the item page adds lines for: the one named by its address (`?store=`, set by the
 * links of a store's customs catalog), when it is among `stores`, the tenant's stores this
 * product is made for. Any other code (a foreign or mistyped one, or a product not made for
 * it) is ignored, so the lines are added as from the plain item page.
 */
export function itemStore(search: string, stores: readonly ItemStore[]): ItemStore | undefined {
  const code = storeOfItemAddress(search);
  return code === undefined ? undefined : stores.find((store) => store.code === code);
}
