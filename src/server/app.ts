import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Mailer } from './lib/mailer.ts';
import { failedMailCount, outboxDepth } from './mail/outbox.ts';
import { createOutboxWorker, type OutboxWorker } from './mail/outbox-worker.ts';
import { registerErrorHandler } from './lib/error-handler.ts';
import { validatorCompilerWithInputRules } from './lib/validator.ts';
import { registerSecurityHeaders } from './lib/security-headers.ts';
import { contentSecurityPolicy } from './storefront/content-security-policy.ts';
import { registerStorefront } from './storefront/storefront.routes.ts';
import { registerSeoRoutes } from './seo/seo.routes.ts';
import type { CreatePageRenderer } from './storefront/page-renderer.ts';
import { registerHealthRoutes } from './health/health.routes.ts';
import { registerMetricsRoute } from './metrics/metrics.routes.ts';
import { registerShopMetrics } from './metrics/shop-metrics.ts';
import { registerCatalogRoutes } from './catalog/catalog.routes.ts';
import { createCatalogCache } from './catalog-cache/catalog-cache.ts';
import { registerMediaRoutes } from './media/media.routes.ts';
import { registerDocumentRoutes } from './documents/documents.routes.ts';
import { registerRegulatoryRoutes } from './regulatory/regulatory.routes.ts';
import { registerAuthRoutes } from './auth/auth.routes.ts';
import { createOptionalUser, createRequireUser } from './auth/guard.ts';
import { registerReviewRoutes } from './reviews/reviews.routes.ts';
import { registerContactRoutes } from './contact/contact.routes.ts';
import { registerCartRoutes } from './cart/cart.routes.ts';
import { registerSetPriceRoutes } from './sets/set-price.routes.ts';
import { registerShippingOptionRoutes } from './shipping/shipping-options.routes.ts';
import { refuseCardData } from './checkout/card-data-refusal.ts';
import { registerPaymentMethodRoutes } from './checkout/payment-methods.routes.ts';
import { registerPaymentRoutes } from './checkout/payment.routes.ts';
import { registerUnsettledPaymentRoutes } from './checkout/unsettled-payments.routes.ts';
import type { PaymentDeps } from './checkout/payment-deps.ts';
import { orderSourceSettlers } from './order-sources.ts';
import { organisationPurchasing } from './organisation-purchasing/organisation-purchasing-policy.ts';
import { registerJobs } from './jobs/jobs.ts';
import { registerCartReminderRoutes } from './cart-reminders/cart-reminders.routes.ts';
import { registerCodRoutes } from './cod/cod.routes.ts';
import { withGatewayTimeout } from './payment/providers/gateway-timeout.ts';
import { applyLateCharge } from './checkout/late-charge.ts';
import { createPaymentProviders } from './payment/providers/payment-providers.ts';
import type { PaymentProviders } from './payment/providers/payment-provider.ts';
import { gatewayFormOrigins, paymentGateways } from './payment/payment-gateways.ts';
import { shippingCarriers, type ShippingCarriers } from './shipping/shipping-carriers.ts';
import { shopShipper } from './shipping/shop-shipper.ts';
import { registerShipmentRoutes } from './shipments/shipments.routes.ts';
import { registerPaymentGatewayRoutes } from './checkout/payment-gateway.routes.ts';
import { gatewayInquiry } from './checkout/gateway-inquiry.ts';
import { registerStockNotificationRoutes } from './stock-notifications/stock-notifications.routes.ts';
import { createStockCommits, type StockCommits } from './inventory/after-stock-commit.ts';
import { registerInventoryRoutes } from './inventory/inventory.routes.ts';
import { registerStockStreamRoutes } from './inventory/stock-stream.routes.ts';
import { registerOrderRoutes } from './orders/orders.routes.ts';
import { registerCreditNoteRoutes } from './credit-notes/credit-notes.routes.ts';
import { registerStaffOrderRoutes } from './orders/staff-orders.routes.ts';
import { registerStaffOrderDetailRoutes } from './staff-orders/staff-order-detail.routes.ts';
import { registerPunchoutRoutes } from './punchout/punchout.routes.ts';
import { registerOrderEditRoutes } from './order-edits/order-edits.routes.ts';
import { registerSearchRoutes } from './search/search.routes.ts';
import { registerChatRoutes } from './chat/chat.routes.ts';
import { modelSettingsFrom } from './chat/llm.ts';
import { registerWishlistRoutes } from './wishlist/wishlist.routes.ts';
import { registerQuoteRoutes } from './quotes/quotes.routes.ts';
import { registerPrivateLabelRoutes } from './private-label/private-label.routes.ts';
import { registerProfileRoutes } from './profile/profile.routes.ts';
import { registerStoreCreditRoutes } from './store-credit/store-credit.routes.ts';
import { registerAddressRoutes } from './addresses/addresses.routes.ts';
import { registerLotRoutes } from './lots/lots.routes.ts';
import { registerRecallRoutes } from './recalls/recalls.routes.ts';
import { registerReturnRoutes } from './returns/returns.routes.ts';
import { registerFlashSaleRoutes } from './flash-sales/flash-sales.routes.ts';
import { registerAuditRoutes } from './audit/audit.routes.ts';
import { registerStaffMailRoutes } from './staff-mail/staff-mail.routes.ts';
import type { ImageFetcher } from './staff-products/product-csv-images.ts';
import { registerProductCsvRoutes } from './staff-products/product-csv.routes.ts';
import { registerStaffProductRoutes } from './staff-products/staff-products.routes.ts';
import { registerProductPhotoRoutes } from './media/product-photos.routes.ts';
import { registerStaffDocumentRoutes } from './documents/staff-documents.routes.ts';
import { registerStaffMemberRoutes } from './staff-members/staff-members.routes.ts';
import { registerSetupRoutes } from './staff-members/setup.routes.ts';
import { registerOrganisationRoutes, registerStaffOrganisationRoutes } from './organisations/organisations.routes.ts';
import { registerOrganisationMemberRoutes } from './organisation-members/organisation-members.routes.ts';
import { registerPurchasingRoutes } from './organisation-purchasing/purchasing.routes.ts';
import { registerOrganisationReportRoutes } from './organisation-reports/organisation-reports.routes.ts';
import { registerSalesReportRoutes } from './sales-reports/sales-reports.routes.ts';
import { registerPricingRoutes } from './pricing/pricing.routes.ts';
import { registerLicenceRoutes } from './licences/licences.routes.ts';
import { registerReorderListRoutes } from './reorder-lists/reorder-lists.routes.ts';
import { registerStandingOrderRoutes } from './standing-orders/standing-orders.routes.ts';
import { registerQuickOrderRoutes } from './quick-order/quick-order.routes.ts';
import { registerExchangeRateRoutes } from './exchange-rates/exchange-rates.routes.ts';
import { registerStaffExchangeRateRoutes } from './exchange-rates/staff-exchange-rates.routes.ts';
import { registerStaffCategoryRoutes } from './staff-categories/staff-categories.routes.ts';
import { registerStaffPromoRoutes } from './promo/staff-promo.routes.ts';
import { registerStaffShippingRoutes } from './staff-shipping/staff-shipping.routes.ts';
import { registerStaffCustomerRoutes } from './staff-customers/staff-customers.routes.ts';
import { gatewayRefunds, type RefundThroughGateway } from './refunds/refund-gateway.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  /** Signs access tokens (HS256). */
  jwtSecret: string;
  /** The shop's address without a trailing slash, for links in mail. */
  publicUrl: string;
  /** Folder of the built storefront; omitted in API tests. */
  webRoot?: string;
  /** The storefront's server build, which renders the public pages (src/web/ssr/render-page.tsx). */
  createPageRenderer?: CreatePageRenderer;
  /** Request logs go here; API tests leave it out. */
  logger?: FastifyBaseLogger;
  /** The checkout's providers, given those of PAYMENT_MODE (tests count or replace them); by default those. */
  paymentProviders?: (defaults: PaymentProviders) => PaymentProviders;
  /**
   * How the sandbox's adapters and simulators reach the shop at `publicUrl`: through the app itself unless given
   * (a test listening on that address passes the network's fetch).
   */
  sandboxFetch?: typeof fetch;
  /** The gateways' status inquiry, asked before an abandoned payment's order is released; by default the gateways'. */
  paymentInquiry?: PaymentDeps['inquire'];
  /** How a refund is asked of a payment's gateway; by default through the gateway's adapter. */
  refundThroughGateway?: RefundThroughGateway;
  /** Shared counters for rate limits when several API processes run (REDIS_URL); in memory otherwise. */
  rateLimitRedis?: Redis;
  /**
   * Tests: what a write's stock change sets off (alerts, live stock, back-in-stock mail) is done, and the write's mail
   * sent, before its answer, so a test reads them right after `inject`. Otherwise both follow just after the commit.
   */
  deliverMailBeforeAnswer?: boolean;
  /** The outbox worker's polling period (ms); 0: only when a commit notifies it. */
  outboxPollMs?: number;
  /** How a product import fetches Image Src addresses; the shop's own refuses local addresses. */
  fetchImage?: ImageFetcher;
}

const outboxWorkers = new WeakMap<FastifyInstance, OutboxWorker>();
/** The app's outbox worker: tests drain it. */
export const outboxWorkerOf = (app: FastifyInstance): OutboxWorker => outboxWorkers.get(app)!;
const stockCommitsOfApp = new WeakMap<FastifyInstance, StockCommits>();
/** What the app does after each committed stock change: tests wait for it to settle. */
export const stockCommitsOf = (app: FastifyInstance): StockCommits => stockCommitsOfApp.get(app)!;

/** A route as registered, with its zod schemas: what the contract fuzzer (src/server/security) walks. */
export interface RegisteredRoute {
  method: string;
  url: string;
  schema?: { params?: unknown; querystring?: unknown; body?: unknown };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on this app, in order. */
    registeredRoutes: readonly RegisteredRoute[];
    /** The carriers of SHIPPING_MODE, which shipments are booked and tracked with. */
    shipping: ShippingCarriers;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    routerOptions: { ignoreTrailingSlash: true },
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // Client addresses (rate limits) come from X-Forwarded-For only through this many trusted proxies.
    trustProxy: (_address: string, hop: number) => hop < deps.config.TRUST_PROXY,
  });
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (options) => {
    for (const method of [options.method].flat()) {
      registeredRoutes.push({ method, url: options.url, schema: options.schema as RegisteredRoute['schema'] });
    }
  });
  app.setValidatorCompiler(validatorCompilerWithInputRules);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // An answer to a signed-in request is that person's own: no browser or proxy keeps a copy. Anonymous answers
    // keep the cache headers their routes set (the public catalogue's), and so do routes that already forbid keeping
    // one (a document's 'private, no-store').
    const kept = String(reply.getHeader('cache-control') ?? '');
    if ((request.headers.authorization || request.user) && !/\bno-store\b/.test(kept)) reply.header('cache-control', 'no-store');
  });

  registerSecurityHeaders(app, {
    contentSecurityPolicy: { directives: { ...contentSecurityPolicy, formAction: [...contentSecurityPolicy.formAction, ...gatewayFormOrigins(deps.config)] } },
  });
  await app.register(compress, { threshold: 1024 });
  const exempt = new Set(deps.config.RATE_LIMIT_ALLOWLIST);
  await app.register(rateLimit, {
    global: false,
    allowList: (request) => exempt.has(request.ip),
    ...(deps.rateLimitRedis ? { redis: deps.rateLimitRedis, nameSpace: 'shop-rate-limit:' } : {}),
  });
  registerErrorHandler(app);
  const metrics = registerShopMetrics(app, deps.database);
  registerMetricsRoute(app, metrics.registry, deps.config.METRICS_TOKEN);
  metrics.gauge('shop_mail_outbox_depth', 'Mail waiting in the outbox to be sent (pending, or being sent)', () => outboxDepth(deps.database.db));
  metrics.gauge('shop_mail_failed', 'Mail the outbox gave up on after a day of retries, until staff send it again', () => failedMailCount(deps.database.db));

  const outbox = createOutboxWorker({ database: deps.database, mailer: deps.mailer, log: app.log, pollMs: deps.outboxPollMs });
  outboxWorkers.set(app, outbox);
  const stockCommits = createStockCommits({ database: deps.database, publicUrl: deps.publicUrl, log: app.log });
  stockCommitsOfApp.set(app, stockCommits);
  app.addHook('onReady', () => stockCommits.start());
  app.addHook('onReady', () => outbox.start());
  // What a stock change set off, and mail in flight, are finished before the database closes; mail not yet claimed
  // waits for the next start.
  app.addHook('onClose', () => stockCommits.stop());
  app.addHook('onClose', () => outbox.stop());
  if (deps.deliverMailBeforeAnswer) {
    app.addHook('onSend', async (request) => {
      if (request.method === 'GET') return;
      await stockCommits.settled();
      await outbox.drain();
    });
  }

  const { db } = deps.database;
  const requireUser = createRequireUser(db, deps.jwtSecret);
  const optionalUser = createOptionalUser(db, deps.jwtSecret);
  await registerAuthRoutes(app, { ...deps, requireUser });
  const catalogCache = await createCatalogCache(deps.database);
  app.addHook('onClose', () => catalogCache.close());
  await registerCatalogRoutes(app, db, optionalUser, catalogCache);
  registerSearchRoutes(app, { db, optionalUser, embeddings: deps.config.SEARCH_EMBEDDINGS === 'on', catalogCache });
  registerReviewRoutes(app, { db, requireUser, catalogCache });
  registerContactRoutes(app, deps);
  const payment = await paymentGateways(app, deps.config, deps.publicUrl, deps.sandboxFetch);
  app.decorate('shipping', await shippingCarriers(app, deps.config, deps.publicUrl, deps.sandboxFetch));
  const providers = createPaymentProviders({ gateways: payment.gateways, publicUrl: deps.publicUrl, sandbox: payment.sandbox });
  const taxBasisPoints = Math.round(deps.config.TAX_RATE * 100);
  const commerce = {
    db, mailer: deps.mailer, publicUrl: deps.publicUrl, log: app.log, requireUser,
    taxBasisPoints,
    purchasing: organisationPurchasing({ publicUrl: deps.publicUrl }),
    settleSource: orderSourceSettlers({ publicUrl: deps.publicUrl, shopEmail: deps.config.SHOP_EMAIL }, taxBasisPoints),
    inquire: deps.paymentInquiry ?? gatewayInquiry(payment.gateways),
    refundThroughGateway: deps.refundThroughGateway ?? gatewayRefunds(payment.gateways),
    providers: withGatewayTimeout(deps.paymentProviders?.(providers) ?? providers, deps.config.PAYMENT_TIMEOUT_MS, (transactionId, result) => {
      applyLateCharge(commerce, transactionId, result)
        .catch((error: unknown) => app.log.error({ err: error, transactionId, status: result.status }, 'late payment answer not applied'));
    }),
  };
  refuseCardData(app, deps.config.PAYMENT_MODE);
  registerCartRoutes(app, commerce);
  registerSetPriceRoutes(app, commerce);
  registerShippingOptionRoutes(app, { ...commerce, catalogCache });
  registerPaymentRoutes(app, commerce);
  await registerPaymentGatewayRoutes(app, { ...commerce, gateways: payment.gateways });
  registerPaymentMethodRoutes(app, { mode: payment.mode, gateways: payment.gateways });
  registerPurchasingRoutes(app, commerce);
  await registerPunchoutRoutes(app, { ...commerce, jwtSecret: deps.jwtSecret });
  registerOrganisationReportRoutes(app, { db, requireUser });
  registerSalesReportRoutes(app, { db, requireUser });
  registerQuoteRoutes(app, { ...commerce, shopEmail: deps.config.SHOP_EMAIL });
  registerPrivateLabelRoutes(app, { ...commerce, shopEmail: deps.config.SHOP_EMAIL, dataDir: deps.config.DATA_DIR });
  registerStockNotificationRoutes(app, commerce);
  const seller = { ntn: deps.config.SELLER_NTN, strn: deps.config.SELLER_STRN };
  registerOrderRoutes(app, { ...commerce, seller });
  registerCreditNoteRoutes(app, { db, requireUser, seller });
  registerStaffOrderRoutes(app, commerce);
  registerStaffOrderDetailRoutes(app, commerce);
  registerOrderEditRoutes(app, commerce);
  const shipping = { ...commerce, carriers: app.shipping.carriers, shipper: shopShipper(deps.config), shopEmail: deps.config.SHOP_EMAIL };
  registerShipmentRoutes(app, shipping);
  registerUnsettledPaymentRoutes(app, commerce);
  registerCodRoutes(app, { ...commerce, shopEmail: deps.config.SHOP_EMAIL });
  registerInventoryRoutes(app, { db, requireUser });
  registerStockStreamRoutes(app, { db, stockCommits });
  registerWishlistRoutes(app, { db, requireUser });
  registerProfileRoutes(app, { db, requireUser });
  registerStoreCreditRoutes(app, { db, requireUser });
  registerAddressRoutes(app, { db, requireUser });
  registerOrganisationRoutes(app, { db, publicUrl: deps.publicUrl, requireUser });
  registerStaffOrganisationRoutes(app, { db, publicUrl: deps.publicUrl, requireUser });
  registerPricingRoutes(app, { db, requireUser, optionalUser });
  registerLicenceRoutes(app, { db, mailer: deps.mailer, publicUrl: deps.publicUrl, log: app.log, requireUser, dataDir: deps.config.DATA_DIR });
  registerReorderListRoutes(app, commerce);
  registerStandingOrderRoutes(app, commerce);
  registerQuickOrderRoutes(app, commerce);
  registerExchangeRateRoutes(app, { db });
  registerCartReminderRoutes(app, { db, requireUser });
  const jobs = registerJobs(app, shipping);
  registerHealthRoutes(app, { ...deps, jobsRunning: () => jobs.running() });
  registerLotRoutes(app, { ...commerce, catalogCache });
  registerRecallRoutes(app, commerce);
  registerReturnRoutes(app, { ...shipping, dataDir: deps.config.DATA_DIR });
  registerFlashSaleRoutes(app, { db, requireUser });
  registerAuditRoutes(app, { db, requireUser });
  registerStaffMailRoutes(app, { db, requireUser });
  registerStaffProductRoutes(app, { db, requireUser });
  registerProductCsvRoutes(app, { db, publicUrl: deps.publicUrl, requireUser, fetchImage: deps.fetchImage });
  registerProductPhotoRoutes(app, { db, requireUser });
  registerStaffDocumentRoutes(app, { db, requireUser });
  await registerStaffCategoryRoutes(app, { db, requireUser });
  await registerStaffPromoRoutes(app, { db, requireUser });
  await registerStaffShippingRoutes(app, { db, requireUser });
  await registerStaffExchangeRateRoutes(app, { db, requireUser });
  await registerStaffCustomerRoutes(app, { db, requireUser });
  await registerStaffMemberRoutes(app, { ...deps, db, log: app.log, requireUser });
  await registerSetupRoutes(app, { db, jwtSecret: deps.jwtSecret });
  await registerOrganisationMemberRoutes(app, { db, publicUrl: deps.publicUrl, jwtSecret: deps.jwtSecret, requireUser });
  registerMediaRoutes(app);
  registerDocumentRoutes(app, db);
  registerRegulatoryRoutes(app, { db, requireUser, publicUrl: deps.publicUrl });
  registerChatRoutes(app, { db, optionalUser, model: modelSettingsFrom(deps.config) });
  registerSeoRoutes(app, { db, publicUrl: deps.publicUrl });
  await registerStorefront(app, {
    webRoot: deps.webRoot, createPageRenderer: deps.createPageRenderer, publicUrl: deps.publicUrl, catalogCache,
  });
  return app;
}
