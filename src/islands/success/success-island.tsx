import type { SuccessIslandProps } from '../shared/ordering-props.ts';

/** The lines of the order just placed, handed over by the checkout through sessionStorage. */
export function SuccessIsland(_props: SuccessIslandProps) {
  return (
    <p className="island-placeholder" aria-live="polite">
      Loading your order…
    </p>
  );
}
