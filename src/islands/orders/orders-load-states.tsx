/** What the build and the hydration render, before the orders are fetched. */
export function OrdersLoading() {
  return (
    <p className="island-placeholder" aria-live="polite" aria-busy="true">
      Loading orders…
    </p>
  );
}

/** The orders could not be listed: why, and a way to ask again. */
export function OrdersFailed({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div className="orders-failed">
      <p className="orders-failed__message" role="alert">
        {message}
      </p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** 'Load more orders', while the order API has more after the ones listed. */
export function LoadMoreOrders({ loading, onLoad }: { loading: boolean; onLoad(): void }) {
  return (
    <p className="orders__more">
      <button type="button" className="button button--secondary" disabled={loading} aria-busy={loading} onClick={onLoad}>
        {loading ? 'Loading more orders…' : 'Load more orders'}
      </button>
    </p>
  );
}
