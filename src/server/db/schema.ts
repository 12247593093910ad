import * as catalog from './schema/catalog.ts';
import * as inventory from './schema/inventory.ts';
import * as users from './schema/users.ts';

export const schema = { ...catalog, ...inventory, ...users };
export type Schema = typeof schema;
