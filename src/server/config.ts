import { createPrivateKey, createPublicKey } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';

const optionalUrl = (protocols: string[], expected: string) =>
  z.string().trim().optional().transform((v) => (v ? v : undefined)).refine(
    (v) => v === undefined || isUrlWith(v, protocols),
    { message: expected },
  );

function isUrlWith(value: string, protocols: string[]): boolean {
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A PEM key; a line break written as \n (one-line .env files) is read as one. */
const pemKey = (kind: 'private' | 'public') => z.string().optional().transform((v) => v?.replace(/\\n/g, '\n').trim())
  .refine((v) => v === undefined || isKey(v, kind), { message: `expected a PEM ${kind} key (-----BEGIN ${kind.toUpperCase()} KEY----- …)` });

function isKey(pem: string, kind: 'private' | 'public'): boolean {
  try {
    (kind === 'private' ? createPrivateKey : createPublicKey)(pem);
    return true;
  } catch {
    return false;
  }
}

/** Live credentials of one gateway: all of them or none. */
const JAZZCASH_VARIABLES = ['JAZZCASH_MERCHANT_ID', 'JAZZCASH_PASSWORD', 'JAZZCASH_INTEGRITY_SALT', 'JAZZCASH_URL'] as const;
const EASYPAISA_VARIABLES = [
  'EASYPAISA_STORE_ID', 'EASYPAISA_USERNAME', 'EASYPAISA_PASSWORD', 'EASYPAISA_ACCOUNT_NUM', 'EASYPAISA_HASH_KEY', 'EASYPAISA_URL',
] as const;
const HBL_PAY_VARIABLES = ['HBL_PAY_USER_ID', 'HBL_PAY_PASSWORD', 'HBL_PAY_CHANNEL', 'HBL_PAY_PRIVATE_KEY', 'HBL_PAY_PUBLIC_KEY', 'HBL_PAY_URL'] as const;
const SAFEPAY_VARIABLES = ['SAFEPAY_API_KEY', 'SAFEPAY_SECRET_KEY', 'SAFEPAY_WEBHOOK_SECRET', 'SAFEPAY_URL'] as const;

/** Live credentials of one carrier: all of them or none; its *_URL (the carrier's own address by default) goes with them. */
const CARRIER_VARIABLES = [
  { credentials: ['TCS_API_KEY', 'TCS_COST_CENTER_CODE'], url: 'TCS_URL' },
  { credentials: ['LEOPARDS_API_KEY', 'LEOPARDS_API_PASSWORD'], url: 'LEOPARDS_URL' },
  { credentials: ['POSTEX_TOKEN'], url: 'POSTEX_URL' },
  { credentials: ['DHL_API_KEY', 'DHL_API_SECRET', 'DHL_ACCOUNT_NUMBER'], url: 'DHL_URL' },
] as const;

/** What the simulators sign with when no secret is set. */
const SANDBOX_SECRETS = { JAZZCASH_INTEGRITY_SALT: 'sandbox-jazzcash-salt', EASYPAISA_HASH_KEY: 'sandbox-ep-key16' };

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.string().default('3000').refine((v) => /^\d+$/.test(v) && Number(v) > 0 && Number(v) < 65536, {
    message: 'expected a port number between 1 and 65535',
  }).transform(Number),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'expected a directory path').default('./.data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'expected a PostgreSQL URL such as postgres://user@host:5432/db'),
  REDIS_URL: optionalUrl(['redis:', 'rediss:'], 'expected a Redis URL such as redis://127.0.0.1:6379'),
  MAIL_URL: optionalUrl(['smtp:', 'smtps:'], 'expected an SMTP URL such as smtp://user:pass@host:587'),
  MAIL_FROM: z.string().default('Sialkot Surgical <orders@sialkotsurgical.example>'),
  SHOP_EMAIL: z.email({ message: 'expected an email address' }).default('sales@sialkotsurgical.example'),
  /** Where carriers collect parcels: the shipper on every booking and on the commercial invoice. */
  SHIPPER_ADDRESS: z.string().trim().min(1, 'expected a street address').default('Plot 12, Small Industrial Estate'),
  SHIPPER_CITY: z.string().trim().min(1, 'expected a city').default('Sialkot'),
  SHIPPER_POSTAL_CODE: z.string().trim().default('51310'),
  SHIPPER_PHONE: z.string().trim().min(1, 'expected a phone number').default('+92523550011'),
  SHIPPER_EMAIL: z.email({ message: 'expected an email address' }).default('dispatch@sialkotsurgical.example'),
  PUBLIC_URL: z.string().optional().refine((v) => !v || isUrlWith(v, ['http:', 'https:']), {
    message: 'expected an http(s) URL such as https://shop.example.com',
  }),
  JWT_SECRET: z.string().optional().refine((v) => !v || v.length >= 32, {
    message: 'expected at least 32 characters',
  }),
  SEED: z.enum(['demo', 'none']).default('demo'),
  ADMIN_EMAIL: z.email({ message: 'expected an email address' }).optional(),
  ADMIN_PASSWORD: z.string().min(8, 'expected at least 8 characters').optional(),
  LLM_BASE_URL: optionalUrl(['http:', 'https:'], 'expected an http(s) URL of an OpenAI-compatible API'),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  SEARCH_EMBEDDINGS: z.enum(['on', 'off'], { message: 'expected on or off' }).optional(),
  // The seller's tax numbers, printed on invoices; unset, the invoice leaves them out.
  SELLER_NTN: z.string().trim().optional().refine((v) => !v || /^(\d{7}-?\d|\d{5}-?\d{7}-?\d)$/.test(v), {
    message: 'expected a National Tax Number: 7 digits and a check digit (1234567-8), or a 13-digit CNIC',
  }),
  SELLER_STRN: z.string().trim().optional().refine((v) => !v || /^\d{13}$/.test(v.replace(/-/g, '')), {
    message: 'expected a Sales Tax Registration Number of 13 digits, e.g. 17-00-3761-999-19',
  }),
  TAX_RATE: z.string().default('0').refine((v) => /^\d{1,2}(\.\d{1,2})?$/.test(v) || v === '100', {
    message: 'expected a percentage from 0 to 100 with at most 2 decimals, e.g. 17',
  }).transform(Number),
  // sandbox: every gateway is its simulator under /sandbox/{gateway}/; live: the gateways whose variables below are set.
  PAYMENT_MODE: z.enum(['sandbox', 'live'], { message: 'expected sandbox or live' }).default('sandbox'),
  PAYMENT_TIMEOUT_MS: z.coerce.number({ message: 'expected milliseconds' }).int().min(1).default(30_000),
  // Both have a sandbox value (SANDBOX_SECRETS) when unset.
  JAZZCASH_INTEGRITY_SALT: z.string().min(8, 'expected at least 8 characters').optional(),
  // Easypay encrypts with it as an AES key (merchantHashedReq): the portal's key has 16 characters.
  EASYPAISA_HASH_KEY: z.string().refine((v) => [16, 24, 32].includes(Buffer.byteLength(v)), {
    message: 'expected the 16-character hash key from the Easypay merchant portal (an AES key: 16, 24 or 32 bytes)',
  }).optional(),
  // The gateways' merchant accounts for live payments; unset, nothing is sent to them.
  JAZZCASH_MERCHANT_ID: z.string().trim().optional(),
  JAZZCASH_PASSWORD: z.string().optional(),
  JAZZCASH_URL: optionalUrl(['https:'], 'expected JazzCash\'s https URL, e.g. https://payments.jazzcash.com.pk'),
  EASYPAISA_STORE_ID: z.string().trim().regex(/^\d+$/, 'expected the numeric store id from the Easypay merchant portal').optional(),
  EASYPAISA_USERNAME: z.string().trim().optional(),
  EASYPAISA_PASSWORD: z.string().optional(),
  EASYPAISA_ACCOUNT_NUM: z.string().trim().regex(/^\d+$/, 'expected the merchant\'s Easypay account number (digits)').optional(),
  EASYPAISA_URL: optionalUrl(['https:'], 'expected Easypay\'s https URL, e.g. https://easypay.easypaisa.com.pk'),
  // HBL Pay, live: the merchant's USER_ID, PASSWORD and CHANNEL from HBL, the merchant's RSA private key (HBL holds
  // its public half), HBL's public key, and HBL Pay's address (…/HBLPay for HBL's sandbox, …/HostedCheckout live).
  HBL_PAY_USER_ID: z.string().trim().optional(),
  HBL_PAY_PASSWORD: z.string().optional(),
  HBL_PAY_CHANNEL: z.string().trim().optional(),
  HBL_PAY_PRIVATE_KEY: pemKey('private'),
  HBL_PAY_PUBLIC_KEY: pemKey('public'),
  HBL_PAY_URL: optionalUrl(['https:', 'http:'], 'expected HBL Pay\'s address, e.g. https://digitalbankingportal.hbl.com/HostedCheckout'),
  // Safepay, live: the API key, secret key and webhook secret from Safepay's dashboard, and its API's address.
  SAFEPAY_API_KEY: z.string().trim().optional(),
  SAFEPAY_SECRET_KEY: z.string().trim().optional(),
  SAFEPAY_WEBHOOK_SECRET: z.string().trim().optional(),
  SAFEPAY_URL: optionalUrl(['https:', 'http:'], 'expected Safepay\'s API address, e.g. https://api.getsafepay.com'),
  SAFEPAY_CHECKOUT_URL: optionalUrl(['https:', 'http:'], 'expected Safepay\'s checkout page, e.g. https://getsafepay.com/checkout/pay'),
  SAFEPAY_ENVIRONMENT: z.enum(['sandbox', 'production'], { message: 'expected sandbox or production' }).default('sandbox'),
  // sandbox: every carrier is its simulator under /sandbox/{carrier}/; live: the carriers whose variables below are set.
  SHIPPING_MODE: z.enum(['sandbox', 'live'], { message: 'expected sandbox or live' }).default('sandbox'),
  SHIPPING_TIMEOUT_MS: z.coerce.number({ message: 'expected milliseconds' }).int().min(1).default(30_000),
  TCS_API_KEY: z.string().trim().optional(),
  TCS_COST_CENTER_CODE: z.string().trim().optional(),
  TCS_URL: optionalUrl(['https:', 'http:'], 'expected the OCI Connect API\'s address, e.g. https://ociconnect.tcscourier.com/ecom/api'),
  LEOPARDS_API_KEY: z.string().trim().optional(),
  LEOPARDS_API_PASSWORD: z.string().optional(),
  LEOPARDS_URL: optionalUrl(['https:', 'http:'], 'expected the merchant API\'s address, e.g. https://merchantapi.leopardscourier.com/api'),
  POSTEX_TOKEN: z.string().trim().optional(),
  POSTEX_URL: optionalUrl(['https:', 'http:'], 'expected the order API\'s address, e.g. https://api.postex.pk/services/integration/api/order'),
  DHL_API_KEY: z.string().trim().optional(),
  DHL_API_SECRET: z.string().optional(),
  DHL_ACCOUNT_NUMBER: z.string().trim().regex(/^\d+$/, 'expected the DHL Express shipper account number (digits)').optional(),
  DHL_URL: optionalUrl(['https:', 'http:'], 'expected the MyDHL API\'s address, e.g. https://express.api.dhl.com/mydhlapi'),
  TRUST_PROXY: z.string().default('0').refine((v) => /^\d+$/.test(v), {
    message: 'expected the number of proxies in front of the server (0 when clients connect directly)',
  }).transform(Number),
  RATE_LIMIT_ALLOWLIST: z.string().default('').transform((v) => v.split(',').map((ip) => ip.trim()).filter(Boolean))
    .refine((ips) => ips.every((ip) => isIP(ip) !== 0), { message: 'expected a comma-separated list of IP addresses' }),
  // Bearer token Prometheus sends to GET /metrics; without it there is no /metrics.
  METRICS_TOKEN: z.string().optional().refine((v) => !v || v.length >= 16, { message: 'expected at least 16 characters' }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
}).superRefine((env, ctx) => {
  if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
    ctx.addIssue({ code: 'custom', path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
      message: 'expected together with ' + (env.ADMIN_EMAIL ? 'ADMIN_EMAIL' : 'ADMIN_PASSWORD') });
  }
  // A live JazzCash or Easypaisa account is read only in live mode; the sandbox takes their secrets alone.
  const groups = env.PAYMENT_MODE === 'live' ? [JAZZCASH_VARIABLES, EASYPAISA_VARIABLES] : [];
  for (const group of [...groups, HBL_PAY_VARIABLES, SAFEPAY_VARIABLES]) {
    const given = group.filter((name) => env[name] !== undefined);
    if (given.length === 0) continue;
    for (const name of group.filter((missing) => env[missing] === undefined)) {
      ctx.addIssue({ code: 'custom', path: [name], message: `expected together with ${given.join(', ')}` });
    }
  }
  for (const { credentials, url } of CARRIER_VARIABLES) {
    const given = [...credentials, url].filter((name) => env[name] !== undefined);
    if (given.length === 0) continue;
    for (const name of credentials.filter((missing) => env[missing] === undefined)) {
      ctx.addIssue({ code: 'custom', path: [name], message: `expected together with ${given.join(', ')}` });
    }
  }
  if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
    ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'expected in production (at least 32 characters)' });
  }
})
  // Tests that do not ask for search vectors never load the embedding model. The sandbox secrets are filled in after
  // the check above, which counts only what was set: a live gateway never runs on them (its group is complete).
  .transform((env) => ({
    ...env,
    SEARCH_EMBEDDINGS: env.SEARCH_EMBEDDINGS ?? (env.NODE_ENV === 'test' ? 'off' : 'on'),
    JAZZCASH_INTEGRITY_SALT: env.JAZZCASH_INTEGRITY_SALT ?? SANDBOX_SECRETS.JAZZCASH_INTEGRITY_SALT,
    EASYPAISA_HASH_KEY: env.EASYPAISA_HASH_KEY ?? SANDBOX_SECRETS.EASYPAISA_HASH_KEY,
  }));

export type Config = z.infer<typeof envSchema> & { version: string };

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws with one line per variable naming what is expected. */
export function loadConfig(env: Record<string, string | undefined>, version = '0.0.0'): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(lines.join('\n'));
  }
  return { ...parsed.data, version };
}
