/**
 * The order API address the new-tenant template, the schema's description and the docs use as
 * an example. No order API answers there: a storefront built with it shows every page and
 * cannot place an order, so the validator warns about it and the build refuses it.
 */
export const PLACEHOLDER_API_ORIGIN = 'https://orders.example.com';

const PLACEHOLDER_HOST = new URL(PLACEHOLDER_API_ORIGIN).hostname;

/** Whether an address (a tenant's server_hostname, an --api-origin) is the example one. */
export function isPlaceholderApi(address: string): boolean {
  return hostOf(address) === PLACEHOLDER_HOST;
}

/** Why the address is not one a storefront can order through: the example one, or plain http away from this machine. */
export function orderApiAddressProblem(address: string): string | undefined {
  const host = hostOf(address);
  if (host === undefined) return undefined; // Not an address at all: the schema's error says so.
  if (host === PLACEHOLDER_HOST)
    return `"${address}" is the example address, not an order API: the storefront would show its pages and place no order; write your order API's address (npm run build refuses the example)`;
  const local = host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]';
  if (address.toLowerCase().startsWith('http://') && !local) {
    return `"${address}" is plain http: a storefront served over https cannot call it, so nobody could order; use the https:// address (http is for localhost only)`;
  }
  return undefined;
}

function hostOf(address: string): string | undefined {
  try {
    return new URL(address).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}
