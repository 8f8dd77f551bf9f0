import type { OrderPosition } from '../storage/order-database.ts';
import { HttpError } from './http-error.ts';

/** The paging cursor of the order lists (retrieve-orders, desk-orders): where a page ended, opaque to the client. */
export function cursorOf(position: OrderPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id])).toString('base64url');
}

export function positionOf(cursor: string, call: string): OrderPosition {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt === 'string' && Number.isSafeInteger(id)) return { createdAt, id: id as number };
  } catch {
    // reported below
  }
  throw new HttpError(400, `cursor: must be a next_cursor ${call} gave, unchanged`);
}
