import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

describe('PUBLIC_URL default (links in invitation e-mails)', () => {
  it('is the address the server listens on when PORT or HOST differ from the defaults', () => {
    expect(loadConfig({ PORT: '56600' }).publicUrl).toBe('http://127.0.0.1:56600');
    expect(loadConfig({ HOST: '10.0.0.7', PORT: '9000' }).publicUrl).toBe('http://10.0.0.7:9000');
    expect(loadConfig({ HOST: '::1', PORT: '9000' }).publicUrl).toBe('http://[::1]:9000');
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
  });

  it('keeps an explicit PUBLIC_URL, without a trailing slash', () => {
    expect(loadConfig({ PORT: '56600', PUBLIC_URL: 'https://portaal.school.nl/' }).publicUrl).toBe('https://portaal.school.nl');
  });
});

describe('a mistyped setting stops the start with its name', () => {
  it.each([
    [{ PORT: '80a' }, /^PORT=80a: use a whole number from 0 to 65535$/],
    [{ MAX_UPLOAD_BYTES: '20MB' }, /^MAX_UPLOAD_BYTES=20MB/],
    [{ ACCESS_TOKEN_TTL: '0' }, /^ACCESS_TOKEN_TTL=0/],
    [{ PG_POOL_SIZE: '-1' }, /^PG_POOL_SIZE=-1/],
    [{ DRAIN_MS: '1.5' }, /^DRAIN_MS=1.5/],
    [{ TRUST_PROXY: 'yes' }, /^TRUST_PROXY=yes: use true or false$/],
    [{ SEED_DEMO: 'nee' }, /^SEED_DEMO=nee: use true or false$/],
    [{ PORTAL_CONFIG: '{can_assign_chapters:false}' }, /^PORTAL_CONFIG is not JSON/],
    [{ PORTAL_CONFIG: '[1]' }, /^PORTAL_CONFIG must be a JSON object/],
    [{ VAPID_PUBLIC_KEY: 'pub' }, /^VAPID_PRIVATE_KEY is not set: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY both or neither$/],
    [{ VAPID_PRIVATE_KEY: 'priv' }, /^VAPID_PUBLIC_KEY is not set/],
    [{ VAPID_SUBJECT: 'beheer@school.nl' }, /^VAPID_SUBJECT=beheer@school.nl: use a mailto: or https:\/\/ URL$/],
  ])('%o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads the shutdown, proxy and pool settings into the one config', () => {
    const config = loadConfig({ TRUST_PROXY: 'true', SHUTDOWN_GRACE_MS: '5000', DRAIN_MS: '1200', PG_POOL_SIZE: '4' });
    expect(config).toMatchObject({ trustProxy: true, shutdownGraceMs: 5000, drainMs: 1200, pgPoolSize: 4 });
    expect(loadConfig({})).toMatchObject({ trustProxy: false, shutdownGraceMs: 20_000, drainMs: 0, pgPoolSize: 10, seedDemo: true });
  });
});
