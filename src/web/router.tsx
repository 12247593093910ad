import { Navigate, type RouteObject } from 'react-router';
import { RequireAuth } from './auth/require-auth.tsx';
import { RouteErrorPage } from './errors/route-error-page.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { PageLoading } from './layout/page-loading.tsx';
import type { RouteHandle } from './layout/route-handle.ts';

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppLayout,
    errorElement: <RouteErrorPage />,
    HydrateFallback: PageLoading,
    children: [
      {
        index: true,
        lazy: async () => {
          const [{ HomePage }, { HomeFooter }] = await Promise.all([
            import('./home/home-page.tsx'),
            import('./home/home-footer.tsx'),
          ]);
          return { Component: HomePage, handle: { footer: <HomeFooter /> } satisfies RouteHandle };
        },
      },
      { path: 'products', lazy: async () => ({ Component: (await import('./catalog/products-page.tsx')).ProductsPage }) },
      { path: 'search', lazy: async () => ({ Component: (await import('./search/search-results-page.tsx')).SearchResultsPage }) },
      {
        path: 'products/:slug',
        lazy: async () => ({ Component: (await import('./catalog/product-detail-page.tsx')).ProductDetailPage }),
      },
      { path: 'categories', lazy: async () => ({ Component: (await import('./catalog/categories-page.tsx')).CategoriesPage }) },
      { path: 'categories/:slug', lazy: async () => ({ Component: (await import('./catalog/category-page.tsx')).CategoryPage }) },
      { path: 'inventory', lazy: async () => ({ Component: (await import('./inventory/inventory-page.tsx')).InventoryPage }) },
      { path: 'cart', lazy: async () => ({ Component: (await import('./cart/cart-page.tsx')).CartPage }) },
      { path: 'about', lazy: async () => ({ Component: (await import('./pages/about-page.tsx')).AboutPage }) },
      { path: 'contact', lazy: async () => ({ Component: (await import('./contact/contact-page.tsx')).ContactPage }) },
      { path: 'login', lazy: async () => ({ Component: (await import('./auth/login-page.tsx')).LoginPage }) },
      { path: 'register', lazy: async () => ({ Component: (await import('./auth/register-page.tsx')).RegisterPage }) },
      {
        path: 'forgot-password',
        lazy: async () => ({ Component: (await import('./auth/forgot-password-page.tsx')).ForgotPasswordPage }),
      },
      {
        path: 'reset-password',
        lazy: async () => ({ Component: (await import('./auth/reset-password-page.tsx')).ResetPasswordPage }),
      },
      {
        path: 'verify-email',
        lazy: async () => ({ Component: (await import('./auth/verify-email-page.tsx')).VerifyEmailPage }),
      },
      { path: 'setup', lazy: async () => ({ Component: (await import('./staff-members/setup-page.tsx')).SetupPage }) },
      {
        path: 'staff/invite',
        lazy: async () => ({ Component: (await import('./staff-members/staff-invite-page.tsx')).StaffInvitePage }),
      },
      { path: 'punchout/start/:token', lazy: async () => ({ Component: (await import('./punchout/punchout-start-page.tsx')).PunchoutStartPage }) },
      { path: 'organisation/join', lazy: async () => ({ Component: (await import('./organisation-members/join-page.tsx')).JoinPage }) },
      {
        path: 'wishlist/shared/:shareId',
        lazy: async () => ({ Component: (await import('./wishlist/shared-wishlist-page.tsx')).SharedWishlistPage }),
      },
      {
        Component: RequireAuth,
        children: [
          { path: 'wishlist', lazy: async () => ({ Component: (await import('./wishlist/wishlist-page.tsx')).WishlistPage }) },
          {
            path: 'staff/members',
            lazy: async () => ({ Component: (await import('./staff-members/staff-members-page.tsx')).StaffMembersPage }),
          },
          { path: 'profile', element: <Navigate to="/profile/settings" replace /> },
          {
            path: 'profile/settings',
            lazy: async () => ({ Component: (await import('./profile/profile-settings-page.tsx')).ProfileSettingsPage }),
          },
          { path: 'account', lazy: async () => ({ Component: (await import('./auth/account-page.tsx')).AccountPage }) },
          { path: 'checkout', lazy: async () => ({ Component: (await import('./checkout/checkout-page.tsx')).CheckoutPage }) },
          {
            path: 'payment/result',
            lazy: async () => ({ Component: (await import('./payment/payment-result-page.tsx')).PaymentResultPage }),
          },
          { path: 'orders', lazy: async () => ({ Component: (await import('./orders/orders-page.tsx')).OrdersPage }) },
          { path: 'quotes/new', lazy: async () => ({ Component: (await import('./quotes/quote-request-page.tsx')).QuoteRequestPage }) },
          { path: 'profile/licences', lazy: async () => ({ Component: (await import('./licences/licences-page.tsx')).LicencesPage }) },
          {
            path: 'profile/organisation',
            lazy: async () => ({ Component: (await import('./organisation-members/organisation-page.tsx')).OrganisationPage }),
          },
          { path: 'quick-order', lazy: async () => ({ Component: (await import('./quick-order/quick-order-page.tsx')).QuickOrderPage }) },
          {
            path: 'profile/reorder-lists',
            lazy: async () => ({ Component: (await import('./reorder-lists/reorder-lists-page.tsx')).ReorderListsPage }),
          },
          {
            path: 'staff/licences',
            lazy: async () => ({ Component: (await import('./licences/staff-licences-page.tsx')).StaffLicencesPage }),
          },
          { path: 'profile/quotes', lazy: async () => ({ Component: (await import('./quotes/my-quotes-page.tsx')).MyQuotesPage }) },
          { path: 'profile/quotes/:id', lazy: async () => ({ Component: (await import('./quotes/quote-page.tsx')).QuotePage }) },
          { path: 'staff/quotes', lazy: async () => ({ Component: (await import('./quotes/staff-quotes-page.tsx')).StaffQuotesPage }) },
          { path: 'staff/quotes/:id', lazy: async () => ({ Component: (await import('./quotes/staff-quote-page.tsx')).StaffQuotePage }) },
          { path: 'profile/private-label', lazy: async () => ({ Component: (await import('./private-label/my-private-label-page.tsx')).MyPrivateLabelPage }) },
          { path: 'profile/private-label/new', lazy: async () => ({ Component: (await import('./private-label/private-label-new-page.tsx')).PrivateLabelNewPage }) },
          {
            path: 'profile/private-label/:id',
            lazy: async () => ({ Component: (await import('./private-label/private-label-request-page.tsx')).PrivateLabelRequestPage }),
          },
          {
            path: 'staff/private-label',
            lazy: async () => ({ Component: (await import('./private-label/staff-private-label-pages.tsx')).StaffPrivateLabelPage }),
          },
          {
            path: 'staff/private-label/:id',
            lazy: async () => ({ Component: (await import('./private-label/staff-private-label-pages.tsx')).StaffPrivateLabelRequestPage }),
          },
          {
            path: 'staff/customers',
            lazy: async () => ({ Component: (await import('./staff-customers/staff-customers-page.tsx')).StaffCustomersPage }),
          },
          {
            path: 'staff/customers/:id',
            lazy: async () => ({ Component: (await import('./staff-customers/staff-customer-page.tsx')).StaffCustomerPage }),
          },
          {
            path: 'staff/organisations',
            lazy: async () => ({ Component: (await import('./organisations/staff-organisations-page.tsx')).StaffOrganisationsPage }),
          },
          {
            path: 'staff/organisations/:id',
            lazy: async () => ({ Component: (await import('./organisations/staff-organisation-page.tsx')).StaffOrganisationPage }),
          },
          {
            path: 'staff/orders',
            lazy: async () => ({ Component: (await import('./staff/staff-orders-page.tsx')).StaffOrdersPage }),
          },
          {
            path: 'staff/orders/:orderNumber',
            lazy: async () => ({ Component: (await import('./staff-orders/staff-order-detail-page.tsx')).StaffOrderDetailPage }),
          },
          { path: 'staff/reports', lazy: async () => ({ Component: (await import('./sales-reports/sales-reports-page.tsx')).SalesReportsPage }) },
          { path: 'staff/audit', lazy: async () => ({ Component: (await import('./audit/audit-log-page.tsx')).AuditLogPage }) },
          { path: 'staff/mail', lazy: async () => ({ Component: (await import('./staff-mail/staff-mail-page.tsx')).StaffMailPage }) },
          { path: 'staff/recalls', lazy: async () => ({ Component: (await import('./recalls/staff-recalls-page.tsx')).StaffRecallsPage }) },
          { path: 'staff/returns', lazy: async () => ({ Component: (await import('./returns/staff-returns-page.tsx')).StaffReturnsPage }) },
          {
            path: 'staff/flash-sales',
            lazy: async () => ({ Component: (await import('./flash-sales/staff-flash-sales-page.tsx')).StaffFlashSalesPage }),
          },
          {
            path: 'staff/categories',
            lazy: async () => ({ Component: (await import('./staff-categories/staff-categories-page.tsx')).StaffCategoriesPage }),
          },
          {
            path: 'staff/promo-codes',
            lazy: async () => ({ Component: (await import('./promo/staff-promo-codes-page.tsx')).StaffPromoCodesPage }),
          },
          {
            path: 'staff/cart-reminders',
            lazy: async () => ({ Component: (await import('./cart-reminders/staff-cart-reminders-page.tsx')).StaffCartRemindersPage }),
          },
          {
            path: 'staff/exchange-rates',
            lazy: async () => ({ Component: (await import('./exchange-rates/staff-exchange-rates-page.tsx')).StaffExchangeRatesPage }),
          },
          {
            path: 'staff/shipping',
            lazy: async () => ({ Component: (await import('./staff-shipping/staff-shipping-page.tsx')).StaffShippingPage }),
          },
          {
            path: 'staff/products/import',
            lazy: async () => ({ Component: (await import('./staff-products/product-import-page.tsx')).ProductImportPage }),
          },
          { path: 'staff/products', lazy: async () => ({ Component: (await import('./staff-products/staff-products-page.tsx')).StaffProductsPage }) },
          {
            path: 'staff/products/:id',
            lazy: async () => ({ Component: (await import('./staff-products/product-editor-page.tsx')).ProductEditorPage }),
          },
        ],
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./errors/not-found-page.tsx')).NotFoundPage }),
      },
    ],
  },
];
