/** Talks to a running server as a demo user, to check what reached it (not through the UI). */
export async function tokenFor(baseUrl: string, email: string, password = 'Welkom123'): Promise<string> {
  const res = await fetch(`${baseUrl}/api/users/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password: Buffer.from(password).toString('base64'), encoding: 'base64' }),
  });
  if (!res.ok) throw new Error(`sign-in ${email}: ${res.status}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

export async function apiGet<T>(baseUrl: string, path: string, token: string): Promise<T> {
  const res = await fetch(`${baseUrl}/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return (await res.json()) as T;
}

export async function apiPost<T>(baseUrl: string, path: string, token: string, body: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
