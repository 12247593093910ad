import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { liveCarriers } from './live-carriers.ts';

describe('the live carriers', () => {
  it('are those whose credentials are set, and none in sandbox mode', () => {
    const env = { TCS_API_KEY: 'oci-token', TCS_COST_CENTER_CODE: 'CC-77', POSTEX_TOKEN: 'px-token' };
    expect(Object.keys(liveCarriers(loadConfig({ SHIPPING_MODE: 'live', ...env })))).toEqual(['tcs', 'postex']);
    expect(liveCarriers(loadConfig(env))).toEqual({});
    expect(liveCarriers(loadConfig({ SHIPPING_MODE: 'live' }))).toEqual({});
  });
});
