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
