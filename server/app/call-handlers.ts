import type { CallAnswer, CallName } from '../../src/contracts/order-api-routes.ts';
import type { ApiContext, ApiRequest } from './api-context.ts';
import { captureOrder } from './capture-order.ts';
import { createOrder } from './create-order.ts';
import { createSession } from './create-session.ts';
import { deskAudit } from './desk-audit.ts';
import { deskExport } from './desk-export.ts';
import { deskImportTracking } from './desk-import-tracking.ts';
import { createDeskSession } from './desk-session.ts';
import { deskSetStatus } from './desk-set-status.ts';
import { redeemDeviceLink, requestDeviceLink } from './device-links.ts';
import { gitHubSignIn, gitHubToken } from './github-oauth.ts';
import { listDeskOrders } from './list-desk-orders.ts';
import { retrieveOrders } from './retrieve-orders.ts';
import { setOrderStatus } from './set-order-status.ts';
import { updateHistoricalOrder } from './update-historical-order.ts';
import { viewOrder } from './view-order.ts';

export type CallHandler<N extends CallName> = (ctx: ApiContext, request: ApiRequest) => Promise<CallAnswer<N>>;

/**
 * The handler of each POST call of the route table (src/contracts/order-api-routes.ts), by the
 * call's name: a call added to the table without its handler, or a handler whose answers are not
 * the ones its entry lists, does not compile. Where each call is reached comes from the table.
 */
export const CALL_HANDLERS: { [N in CallName]: CallHandler<N> } = {
  'create-order': createOrder,
  'capture-order': captureOrder,
  'retrieve-orders': retrieveOrders,
  'update-historical-order': updateHistoricalOrder,
  'set-order-status': setOrderStatus,
  'view-order': viewOrder,
  session: createSession,
  'device-link': requestDeviceLink,
  'redeem-device-link': redeemDeviceLink,
  'desk-session': createDeskSession,
  'desk-orders': listDeskOrders,
  'desk-set-status': deskSetStatus,
  'desk-import-tracking': deskImportTracking,
  'desk-export': deskExport,
  'desk-audit': deskAudit,
  'github-sign-in': gitHubSignIn,
  'github-token': gitHubToken,
};
