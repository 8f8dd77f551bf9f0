import { useEffect, useState } from 'react';
import { hydrateCart } from '../cart/cart-store.ts';

/**
 * Loads the cart other pages left in this session (adding must merge with it), and whether the
 * page is being left: a slow navigation then shows a loading overlay instead of a live form.
 */
export function useLeaving(): boolean {
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    void hydrateCart();
    const onLeave = () => setLeaving(true);
    const onBack = () => setLeaving(false);
    window.addEventListener('beforeunload', onLeave);
    window.addEventListener('pageshow', onBack);
    return () => {
      window.removeEventListener('beforeunload', onLeave);
      window.removeEventListener('pageshow', onBack);
    };
  }, []);
  return leaving;
}
