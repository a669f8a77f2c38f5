/** The tokens' copy in IndexedDB, shared with the worker, which may rotate them while it replays. */
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '../constants';
import { getMeta } from './local-store';

/** The worker may have rotated the tokens while replaying (with this page open or not): the page takes its copy. */
export async function copyTokensToPage(): Promise<void> {
  const [access, refresh] = await Promise.all([getMeta(ACCESS_TOKEN_KEY), getMeta(REFRESH_TOKEN_KEY)]);
  if (typeof access === 'string' && typeof refresh === 'string' && access && refresh) {
    localStorage.setItem(ACCESS_TOKEN_KEY, access);
    localStorage.setItem(REFRESH_TOKEN_KEY, refresh);
  }
}
