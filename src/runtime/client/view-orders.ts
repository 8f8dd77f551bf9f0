/** Marks the header's 'View Orders' form (page-shell.tsx). */
export const VIEW_ORDERS_ATTRIBUTE = 'data-view-orders';

/**
 * 'View Orders' is a button in a GET form, so it reaches the orders page without JavaScript
 * too; but a GET form with no fields lands on 'orders/?', a bare '?' that a buyer then
 * bookmarks or shares. With JavaScript the button goes to the form's address itself.
 */
export function mountViewOrders(doc: Document = document): void {
  doc.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute(VIEW_ORDERS_ATTRIBUTE)) return;
    event.preventDefault();
    window.location.assign(form.action);
  });
}
