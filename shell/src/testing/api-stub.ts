/** A request the page sent to the API: its path and its JSON body. */
export interface StubbedRequest {
  url: string;
  body: unknown;
}

/**
 * jsdom has no `fetch`: `answerApi(answer)` gives the page one whose every call answers `answer` as JSON, and
 * keeps the requests in `requests`; `reset()` (in `afterEach`) forgets them and takes the stand-in away again.
 */
export function createApiStub() {
  const requests: StubbedRequest[] = [];
  return {
    requests,
    answerApi(answer: unknown): void {
      Object.assign(globalThis, {
        fetch: async (url: string, init: { body: string }) => {
          requests.push({ url, body: JSON.parse(init.body) as unknown });
          return { status: 200, json: async () => answer };
        },
      });
    },
    reset(): void {
      requests.length = 0;
      Object.assign(globalThis, { fetch: undefined });
    },
  };
}
