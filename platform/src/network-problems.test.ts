import { describeListenFailure, describeUnreachableSite } from './network-problems.ts';

/** A system error as Node makes it: a message and a code, sometimes wrapped as the cause of a fetch failure. */
function systemError(code: string, message = `${code} happened`): Error {
  return Object.assign(new Error(message), { code });
}

describe('describeListenFailure', () => {
  test.each([
    ['EADDRINUSE', 'cannot listen on 0.0.0.0:3000: the port is already in use. Stop what listens there, or start with another PORT.'],
    ['EACCES', 'cannot listen on 0.0.0.0:3000: permission denied. Ports below 1024 need privileges: use a higher PORT.'],
    ['EADDRNOTAVAIL', 'cannot listen on 0.0.0.0:3000: this machine has no such address. Set HOST to one of its addresses, or 0.0.0.0.'],
    ['EWHATEVER', 'cannot listen on 0.0.0.0:3000: EWHATEVER happened'],
  ])('%s', (code, line) => {
    expect(describeListenFailure(systemError(code), '0.0.0.0', 3000)).toBe(line);
  });
});

describe('describeUnreachableSite', () => {
  test.each([
    ['ECONNREFUSED', 'nothing answers there (connection refused)'],
    ['ENOTFOUND', 'the host name does not resolve'],
    ['UND_ERR_CONNECT_TIMEOUT', 'the connection timed out'],
  ])('reads %s from the cause of a fetch failure', (code, reason) => {
    const failure = new TypeError('fetch failed', { cause: systemError(code) });
    expect(describeUnreachableSite(failure, 'http://127.0.0.1:3999/api/campaign/admin/campaigns')).toBe(
      `cannot reach the site at http://127.0.0.1:3999: ${reason}. Is it running, and does SITE_URL name it?`,
    );
  });

  test('an error without a known code keeps its message, and names the setting the command reads', () => {
    expect(describeUnreachableSite(new TypeError('fetch failed'), new URL('https://shop.example/x'), 'CAMPAIGN_API_URL')).toBe(
      'cannot reach the site at https://shop.example: fetch failed. Is it running, and does CAMPAIGN_API_URL name it?',
    );
  });

  test('the answer is one line', () => {
    const line = describeUnreachableSite(new TypeError('fetch failed', { cause: systemError('ECONNRESET') }), 'http://localhost:3000');
    expect(line).not.toContain('\n');
  });
});
