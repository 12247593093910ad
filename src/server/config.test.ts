import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const errorOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
  throw new Error('expected a configuration error');
};

describe('configuration', () => {
  it('has working defaults for the embedded database', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './.data', SEED: 'demo' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it('names the variable and what it expects, one line each', () => {
    expect(errorOf({ PORT: 'abc' })).toBe('PORT: expected a port number between 1 and 65535');
    expect(errorOf({ DATABASE_URL: 'nonsense' })).toMatch(/^DATABASE_URL: expected a PostgreSQL URL/);
    expect(errorOf({ PORT: '0', SEED: 'maybe' }).split('\n')).toHaveLength(2);
  });

  it('trusts no proxy unless told how many there are', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(errorOf({ TRUST_PROXY: 'yes' })).toMatch(/^TRUST_PROXY: expected the number of proxies/);
  });

  it('reads the rate-limit allow list as IP addresses', () => {
    expect(loadConfig({ RATE_LIMIT_ALLOWLIST: '127.0.0.1, ::1' }).RATE_LIMIT_ALLOWLIST).toEqual(['127.0.0.1', '::1']);
    expect(loadConfig({}).RATE_LIMIT_ALLOWLIST).toEqual([]);
    expect(errorOf({ RATE_LIMIT_ALLOWLIST: 'localhost' })).toMatch(/^RATE_LIMIT_ALLOWLIST: expected a comma-separated list/);
  });

  it('takes the gateways\' live accounts as optional, and an Easypay hash key an AES cipher can use', () => {
    const unset = loadConfig({});
    expect([unset.JAZZCASH_MERCHANT_ID, unset.JAZZCASH_URL, unset.EASYPAISA_STORE_ID, unset.EASYPAISA_URL]).toEqual([undefined, undefined, undefined, undefined]);
    expect(Buffer.byteLength(unset.EASYPAISA_HASH_KEY)).toBe(16);
    expect(loadConfig({
      JAZZCASH_MERCHANT_ID: 'MC12345', JAZZCASH_PASSWORD: 'pw', JAZZCASH_URL: 'https://payments.jazzcash.com.pk',
      EASYPAISA_STORE_ID: '43512', EASYPAISA_HASH_KEY: 'ABCDEFGHIJKLMNOP', EASYPAISA_USERNAME: 'shop', EASYPAISA_PASSWORD: 'pw',
      EASYPAISA_ACCOUNT_NUM: '149731533', EASYPAISA_URL: 'https://easypay.easypaisa.com.pk',
    })).toMatchObject({ JAZZCASH_MERCHANT_ID: 'MC12345', EASYPAISA_STORE_ID: '43512', EASYPAISA_ACCOUNT_NUM: '149731533' });
    expect(errorOf({ EASYPAISA_HASH_KEY: 'seventeen-chars!!' })).toMatch(/^EASYPAISA_HASH_KEY: expected the 16-character hash key/);
    expect(errorOf({ JAZZCASH_URL: 'http://payments.jazzcash.com.pk' })).toMatch(/^JAZZCASH_URL: expected JazzCash's https URL/);
    expect(errorOf({ EASYPAISA_URL: 'easypay' })).toMatch(/^EASYPAISA_URL: expected Easypay's https URL/);
    expect(errorOf({ EASYPAISA_STORE_ID: 'store-1' })).toMatch(/^EASYPAISA_STORE_ID: expected the numeric store id/);
    expect(errorOf({ EASYPAISA_ACCOUNT_NUM: 'acc' })).toMatch(/^EASYPAISA_ACCOUNT_NUM: expected the merchant's Easypay account number/);
  });

  it('takes a live JazzCash or Easypaisa account all together, a sandbox secret not counting as given', () => {
    const jazzcash = {
      JAZZCASH_MERCHANT_ID: 'MC12345', JAZZCASH_PASSWORD: 'pw', JAZZCASH_INTEGRITY_SALT: 'live-salt-1', JAZZCASH_URL: 'https://payments.jazzcash.com.pk',
    };
    const easypaisa = {
      EASYPAISA_STORE_ID: '43512', EASYPAISA_USERNAME: 'shop', EASYPAISA_PASSWORD: 'pw', EASYPAISA_ACCOUNT_NUM: '149731533',
      EASYPAISA_HASH_KEY: 'ABCDEFGHIJKLMNOP', EASYPAISA_URL: 'https://easypay.easypaisa.com.pk',
    };
    expect(loadConfig({ PAYMENT_MODE: 'live', ...jazzcash, ...easypaisa })).toMatchObject({ ...jazzcash, ...easypaisa });
    const { JAZZCASH_INTEGRITY_SALT: _salt, JAZZCASH_URL: _url, ...partial } = jazzcash;
    expect(errorOf({ PAYMENT_MODE: 'live', ...partial }).split('\n')).toEqual([
      'JAZZCASH_INTEGRITY_SALT: expected together with JAZZCASH_MERCHANT_ID, JAZZCASH_PASSWORD',
      'JAZZCASH_URL: expected together with JAZZCASH_MERCHANT_ID, JAZZCASH_PASSWORD',
    ]);
    expect(errorOf({ PAYMENT_MODE: 'live', EASYPAISA_HASH_KEY: 'ABCDEFGHIJKLMNOP' }).split('\n')).toHaveLength(5);
    // The sandbox's own secrets alone, and no live account at all, are fine in either mode.
    expect(loadConfig({ JAZZCASH_INTEGRITY_SALT: 'my-sandbox-salt', EASYPAISA_HASH_KEY: 'ABCDEFGHIJKLMNOP' }).JAZZCASH_URL).toBeUndefined();
    expect(loadConfig({ PAYMENT_MODE: 'live' }).JAZZCASH_MERCHANT_ID).toBeUndefined();
  });

  it('takes each carrier\'s live credentials all together, its URL alone not enough', () => {
    expect(loadConfig({}).SHIPPING_MODE).toBe('sandbox');
    const tcs = { TCS_API_KEY: 'oci-token', TCS_COST_CENTER_CODE: 'CC-77' };
    expect(loadConfig({ SHIPPING_MODE: 'live', ...tcs })).toMatchObject(tcs);
    expect(errorOf({ TCS_API_KEY: 'oci-token' })).toBe('TCS_COST_CENTER_CODE: expected together with TCS_API_KEY');
    expect(errorOf({ TCS_URL: 'https://tcs.example/ecom/api' }).split('\n')).toEqual([
      'TCS_API_KEY: expected together with TCS_URL', 'TCS_COST_CENTER_CODE: expected together with TCS_URL',
    ]);
    expect(errorOf({ POSTEX_URL: 'https://postex.example/api/order' })).toBe('POSTEX_TOKEN: expected together with POSTEX_URL');
    expect(errorOf({ DHL_API_KEY: 'k', DHL_API_SECRET: 's' })).toBe('DHL_ACCOUNT_NUMBER: expected together with DHL_API_KEY, DHL_API_SECRET');
    expect(errorOf({ LEOPARDS_API_PASSWORD: 'pw' })).toBe('LEOPARDS_API_KEY: expected together with LEOPARDS_API_PASSWORD');
  });

  it('accepts a PostgreSQL URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://shop@db:5432/shop' }).DATABASE_URL).toBe('postgres://shop@db:5432/shop');
  });

  it('wants the admin email and password together', () => {
    expect(errorOf({ ADMIN_EMAIL: 'admin@example.com' })).toMatch(/^ADMIN_PASSWORD: expected together with ADMIN_EMAIL/);
    expect(errorOf({ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'longenough' })).toMatch(/^ADMIN_EMAIL:/);
  });

  it('takes the seller tax numbers as printed on an invoice, and leaves them unset by default', () => {
    const unset = loadConfig({});
    expect([unset.SELLER_NTN, unset.SELLER_STRN]).toEqual([undefined, undefined]);
    expect(loadConfig({ SELLER_NTN: '1234567-8', SELLER_STRN: '17-00-3761-999-19' }))
      .toMatchObject({ SELLER_NTN: '1234567-8', SELLER_STRN: '17-00-3761-999-19' });
    expect(loadConfig({ SELLER_NTN: '35202-1234567-1' }).SELLER_NTN).toBe('35202-1234567-1');
    expect(errorOf({ SELLER_NTN: '12345' })).toMatch(/^SELLER_NTN: expected a National Tax Number/);
    expect(errorOf({ SELLER_STRN: 'pending' })).toMatch(/^SELLER_STRN: expected a Sales Tax Registration Number of 13 digits/);
  });

  it('requires a real JWT secret in production', () => {
    expect(errorOf({ NODE_ENV: 'production' })).toMatch(/^JWT_SECRET: expected in production/);
    expect(errorOf({ JWT_SECRET: 'short' })).toMatch(/^JWT_SECRET: expected at least 32 characters/);
  });

  it('takes HBL Pay\'s live credentials all together, its keys as PEM (line breaks may be written \\n)', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const hbl = {
      HBL_PAY_USER_ID: 'store', HBL_PAY_PASSWORD: 'secret', HBL_PAY_CHANNEL: 'SHOP_WEB',
      HBL_PAY_PRIVATE_KEY: privatePem.replace(/\n/g, '\\n'), HBL_PAY_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      HBL_PAY_URL: 'https://digitalbankingportal.hbl.com/HostedCheckout',
    };
    expect(loadConfig({}).HBL_PAY_USER_ID).toBeUndefined();
    expect(loadConfig(hbl).HBL_PAY_PRIVATE_KEY).toBe(privatePem.trim());
    expect(errorOf({ ...hbl, HBL_PAY_CHANNEL: '' })).toMatch(/^HBL_PAY_CHANNEL: expected together with HBL_PAY_USER_ID, HBL_PAY_PASSWORD/);
    expect(errorOf({ ...hbl, HBL_PAY_PUBLIC_KEY: 'not a key' })).toMatch(/^HBL_PAY_PUBLIC_KEY: expected a PEM public key/);
  });

  it('takes Safepay\'s live credentials all together, in the sandbox environment unless told', () => {
    const safepay = { SAFEPAY_API_KEY: 'sec_key', SAFEPAY_SECRET_KEY: 'secret', SAFEPAY_WEBHOOK_SECRET: 'hook', SAFEPAY_URL: 'https://api.getsafepay.com' };
    expect(loadConfig(safepay)).toMatchObject({ ...safepay, SAFEPAY_ENVIRONMENT: 'sandbox' });
    expect(loadConfig({ ...safepay, SAFEPAY_ENVIRONMENT: 'production' }).SAFEPAY_ENVIRONMENT).toBe('production');
    expect(errorOf({ SAFEPAY_API_KEY: 'sec_key' }).split('\n')).toHaveLength(3);
    expect(errorOf({ ...safepay, SAFEPAY_URL: 'getsafepay' })).toMatch(/^SAFEPAY_URL: expected Safepay's API address/);
  });
});
