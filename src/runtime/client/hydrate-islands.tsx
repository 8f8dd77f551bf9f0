import { Component, startTransition, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { IslandName, IslandPropsByName } from '../../islands/island-props.ts';

class IslandErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(error);
  }
  override render() {
    return this.state.failed ? <p role="alert">Unexpected Application Error!</p> : this.props.children;
  }
}

/**
 * Marks the island's element once React has taken it over, so a browser test (or a style) can
 * tell a live island from its prerendered HTML, which looks the same.
 */
function HydratedMark({ element }: { element: HTMLElement }) {
  useEffect(() => {
    element.dataset.hydrated = '';
  }, [element]);
  return null;
}

/**
 * Hydrates every island of this name on the page with the props it was rendered with.
 *
 * As a transition: React then hydrates in slices of a few milliseconds, yielding to the browser
 * between them, instead of one long task (on a slow phone the item form took over 250 ms in
 * one piece, blocking input and paint). Outside a transition, hydrateRoot renders synchronously.
 * An interaction with a part not yet hydrated still hydrates that part first and replays it.
 */
export function hydrateIslands<N extends IslandName>(name: N, Island: ComponentType<IslandPropsByName[N]>): void {
  for (const element of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)) {
    // What the page serialized with island(name, props): the same type, by the same name.
    const props = JSON.parse(element.dataset.props ?? '{}') as IslandPropsByName[N];
    startTransition(() => {
      hydrateRoot(
        element,
        <IslandErrorBoundary>
          <Island {...props} />
          <HydratedMark element={element} />
        </IslandErrorBoundary>,
      );
    });
  }
}
