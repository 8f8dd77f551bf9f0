import { useState, type FormEvent } from 'react';
import { isTierLabel } from '../../domain/size-labels.ts';
import { cartStore, hydrateCart } from '../cart/cart-store.ts';
import type { NoticeKind } from '../shared/use-notice.tsx';
import { cartEntries, cellProblems, tierCell, type EntryRefusal } from './cart-entries.ts';
import { cartLimitProblem } from './cart-limits.ts';
import type { ItemIslandProps } from './item-island-props.ts';
import type { LogoChoice } from './use-logo-choice.ts';
import type { useStoreUnlock } from './use-store-unlock.ts';

type Offer = Pick<ItemIslandProps, 'product' | 'embroideries' | 'placements' | 'maxOrderTotal' | 'storePassword'>;

/**
 * The quantities typed in the grid and 'Add to Cart': the selection becomes cart lines
 * (cartEntries) or a refusal said at the form and, when it is about one cell, at that cell
 * until it changes; a password store's lines wait for its password; the cart's limits are
 * checked against the cart other pages left. Once added, the form starts over.
 */
export function useAddToCart(
  offer: Offer,
  color: string,
  choice: LogoChoice,
  storeUnlock: ReturnType<typeof useStoreUnlock>,
  show: (kind: NoticeKind, message: string) => void,
) {
  const { product, embroideries, placements, maxOrderTotal, storePassword } = offer;
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<EntryRefusal>();
  const problems = cellProblems(product, { color, quantities });
  const problemAt = (cell: string) => problems[cell] ?? (refusal?.cell === cell ? refusal.problem : undefined);
  const setQuantity = (cell: string, typed: string) => {
    setQuantities((current) => ({ ...current, [cell]: typed }));
    setRefusal(undefined);
  };

  const addToCart = async (event: FormEvent) => {
    event.preventDefault();
    const { store, locked, unlock } = storeUnlock;
    const { embroidery, placement, secondEmbroidery, secondPlacement } = choice;
    const result = cartEntries(
      product,
      { embroideries, placements },
      { color, embroidery, placement, secondEmbroidery, secondPlacement, quantities },
      store?.code,
    );
    if ('problem' in result) {
      setRefusal(result);
      show('error', result.problem);
      return;
    }
    if (store && locked && !(await unlock(store))) {
      show('error', `${store.name}'s custom products need its store password`);
      return;
    }
    await hydrateCart();
    const over = cartLimitProblem(result.lines, cartStore.getState().items, product, { maxOrderTotal, companyName: storePassword.companyName });
    if (over) {
      const tiered = product.sizes.some((size) => isTierLabel(size.label));
      setRefusal({ problem: over.problem, cell: over.line && (tiered ? tierCell(over.line.size, over.line.color) : over.line.size) });
      show('error', over.problem);
      return;
    }
    cartStore.getState().add(result.lines);
    show('success', 'Item added to cart');
    choice.reset();
    setQuantities({});
  };

  return { quantities, setQuantity, problemAt, addToCart };
}
