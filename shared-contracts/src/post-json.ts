/** What the site's form endpoints answer to scripts: a `cscode` (spec §7), plus what each endpoint adds. */
export type SiteAnswer<T extends object = Record<string, unknown>> = Partial<T> & { cscode: number };

/**
 * Posts a form of the site as JSON and reads its answer. Never throws: no answer, or one that is not JSON,
 * comes back as `cscode` 0 (or the HTTP status), which every form treats as "try again".
 */
export async function postJson<T extends object = Record<string, unknown>>(path: string, body: object): Promise<SiteAnswer<T>> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json().catch(() => ({}))) as Partial<SiteAnswer<T>>;
    return { ...answer, cscode: typeof answer.cscode === 'number' ? answer.cscode : response.status } as SiteAnswer<T>;
  } catch {
    return { cscode: 0 } as SiteAnswer<T>;
  }
}
