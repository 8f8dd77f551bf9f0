import { describe } from 'vitest';
import { orderApiContract } from './order-api-contract.ts';

// Each API the suite starts gets its own new SQLite file (test-api.ts), as `npm run start:api` does by default.
describe('order API on SQLite', () => {
  orderApiContract(async () => undefined);
});
