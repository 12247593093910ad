import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/organisations';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { route } from '../lib/route.ts';
import { markInvoicePaid } from './invoice-terms.ts';
import type { OrganisationMailDeps } from './organisation-mail.ts';
import {
  accountManagers, listOrganisations, organisationDetail, review, updateAccount, verifiedOrganisation,
} from './organisation-review.service.ts';
import { findOrganisation, organisationView, submitOrganisation } from './organisation.service.ts';
import { addPriceRule, deletePriceRule, setPriceContract } from './price-list.service.ts';
import type { Contract } from '#contracts/define';
import { audited } from '../audit/audited.ts';
import { invoiceOf, organisationWithPrices } from './organisation-snapshot.ts';

type Deps = OrganisationMailDeps & { db: Db; requireUser: RequireUser };

/** The buyer's own organisation: business accounts only. */
export function registerOrganisationRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const business = { preHandler: deps.requireUser({ accountTypes: ['business'] }) };

  route(app, contracts.getMyOrganisation, async (request) => {
    const row = await findOrganisation(db, currentUser(request).id);
    return { organisation: row ? await organisationView(db, row) : null };
  }, business);

  route(app, contracts.submitMyOrganisation, async (request) => ({
    organisation: await organisationView(db, await submitOrganisation(db, currentUser(request))),
  }), business);
}

/** Review, account manager, terms, price lists and invoice payments: staff and superusers only. */
export function registerStaffOrganisationRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const staff = { preHandler: deps.requireUser({ staff: true }) };

  route(app, contracts.listStaffOrganisations, async (request) => listOrganisations(db, request.query), staff);
  route(app, contracts.getStaffOrganisation, async (request) => organisationDetail(db, request.params.id), staff);
  const organisation = (action: string) => ({
    ...staff,
    audit: audited<Contract>(db, {
      action, entity: 'organisation', id: (request) => (request.params as { id: string }).id, snapshot: organisationWithPrices(db),
    }),
  });
  route(app, contracts.approveOrganisation, async (request) =>
    review(deps, request.params.id, currentUser(request).id, { kind: 'verified' }), organisation('organisation.approve'));
  route(app, contracts.rejectOrganisation, async (request) =>
    review(deps, request.params.id, currentUser(request).id, { kind: 'rejected', reason: request.body.reason }),
  organisation('organisation.reject'));
  route(app, contracts.updateOrganisationAccount, async (request) => updateAccount(db, request.params.id, request.body),
    organisation('organisation.account'));
  route(app, contracts.listAccountManagers, async () => ({ managers: await accountManagers(db) }), staff);

  route(app, contracts.addPriceRule, async (request) => {
    const { id } = await verifiedOrganisation(db, request.params.id);
    return { price_list: await addPriceRule(db, id, request.body) };
  }, organisation('organisation.price_rule.add'));
  route(app, contracts.deletePriceRule, async (request) => {
    const { id } = await verifiedOrganisation(db, request.params.id);
    return { price_list: await deletePriceRule(db, id, request.params.ruleId) };
  }, organisation('organisation.price_rule.delete'));
  route(app, contracts.updatePriceContract, async (request) => {
    const { id } = await verifiedOrganisation(db, request.params.id);
    await setPriceContract(db, id, request.body);
    return organisationDetail(db, id);
  }, organisation('organisation.price_contract'));

  route(app, contracts.markInvoicePaid, async (request) => ({
    invoice: await markInvoicePaid(db, request.params.orderId, currentUser(request).id),
  }), {
    ...staff,
    audit: audited(db, { action: 'invoice.paid', entity: 'invoice', id: (request) => request.params.orderId, snapshot: invoiceOf(db) }),
  });
}
