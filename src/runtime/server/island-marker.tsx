import type { ReactNode } from 'react';

/**
 * Marks where an island hydrates. The props are serialized beside the markup the same
 * component rendered at build time, so the browser hydrates exactly what it was sent
 * (Astro's islands, without the framework).
 */
export function Island<P extends object>({ name, props, children }: { name: string; props: P; children: ReactNode }) {
  return (
    <div data-island={name} data-props={JSON.stringify(props)}>
      {children}
    </div>
  );
}
