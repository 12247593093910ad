import type { OrderEditBody } from '#contracts/order-edits';

/**
 * Sends one edit: resolves null once it is made, or with the server's refusal, which is shown already unless it
 * names fields (the form puts those on its fields).
 */
export type EditRun = (body: OrderEditBody) => Promise<unknown>;
