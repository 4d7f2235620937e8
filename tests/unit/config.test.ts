import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '#/server/config.ts';

describe('configuration from the environment', () => {
  it('has working defaults: the embedded demo shop on port 4321', () => {
    const c = readConfig({});
    expect(c).toMatchObject({ port: 4321, host: 'localhost', seedGoods: 10_000, seedDemo: true });
    expect(c.databaseUrl).toBeUndefined();
  });

  it('seeds PostgreSQL only when asked', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/shop';
    expect(readConfig({ DATABASE_URL: url }).seedDemo).toBe(false);
    expect(readConfig({ DATABASE_URL: url, SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(readConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('refuses unusable values, naming every one in Chinese and English', () => {
    let error: unknown;
    try {
      readConfig({ PORT: 'abc', SEED_GOODS: 'lots', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['PORT="abc"', 'SEED_GOODS="lots"', 'DATABASE_URL', 'LOG_LEVEL'])
      expect(message).toContain(name);
    expect(message).toContain('应为');
    expect(() => readConfig({ PORT: '70000' })).toThrow(ConfigError);
    expect(() => readConfig({ SEED_GOODS: '-5' })).toThrow(ConfigError);
    expect(() => readConfig({ SEED_DEMO: 'yes' })).toThrow(ConfigError);
  });
});
