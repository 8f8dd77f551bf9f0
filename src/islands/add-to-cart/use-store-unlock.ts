import { useEffect, useRef, useState } from 'react';
import { askStorePassword, type StorePasswordAsker } from '../shared/store-password.ts';
import { hasStoreSession } from '../shared/store-session.ts';
import { itemStore, type ItemStore } from './item-store.ts';

/**
 * The store the item page adds lines for (read from the address after hydration: the page is
 * built once for every store), and its password: a password store's lines are added only once
 * its password was given here or on the stores page. Asked once on arrival; `unlock` asks again.
 */
export function useStoreUnlock(stores: readonly ItemStore[], storePassword: StorePasswordAsker) {
  const [store, setStore] = useState<ItemStore>();
  useEffect(() => setStore(itemStore(window.location.search, stores)), [stores]);
  const passwordDialog = useRef<HTMLDialogElement>(null);
  const [unlocked, setUnlocked] = useState<string>();
  const locked = store?.hasPassword === true && unlocked !== store.code;
  const unlock = async (toUnlock: ItemStore): Promise<boolean> => {
    const dialog = passwordDialog.current;
    const accepted =
      hasStoreSession(sessionStorage, storePassword.tenantId, toUnlock.code) || (dialog !== null && (await askStorePassword(dialog, storePassword, toUnlock)));
    if (accepted) setUnlocked(toUnlock.code);
    return accepted;
  };
  useEffect(() => {
    if (store?.hasPassword) void unlock(store);
  }, [store]);
  return { store, locked, unlock, passwordDialog };
}
