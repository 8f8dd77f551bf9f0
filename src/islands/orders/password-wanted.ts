import type { OrdersIslandProps } from '../shared/ordering-props.ts';

/**
 * Which password shows the orders, named for what the tenant has: the group's shared password
 * and the admin password, only one of them, or neither (then nobody can sign in here).
 */
export function passwordWanted({ hasGroupPassword, hasAdminPassword }: Pick<OrdersIslandProps, 'hasGroupPassword' | 'hasAdminPassword'>): string | undefined {
  if (hasGroupPassword && hasAdminPassword) return "the group's password, or the admin password";
  if (hasGroupPassword) return "the group's password";
  if (hasAdminPassword) return 'the admin password';
  return undefined;
}
