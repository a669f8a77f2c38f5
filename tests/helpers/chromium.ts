/**
 * Debian's Chromium (Playwright's own browser download does not work on these machines) and the flags
 * every headless run starts it with: the e2e suite, the cross-engine lane and the bench measure the
 * same browser, and nothing but the app goes over the network (no sync, updates or background fetches).
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
