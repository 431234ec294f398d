import { describe, expect, it } from '@jest/globals';
import { isDatabaseUnavailable } from './connection-errors.ts';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection (server down)', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'), true],
    ['a reset connection', withCode('ECONNRESET'), true],
    ['pg_terminate_backend of the session', withCode('57P01', 'terminating connection due to administrator command'), true],
    ['a server starting up or shutting down', withCode('57P03', 'the database system is starting up'), true],
    ['a statement cancelled by the statement time-out', withCode('57014', 'canceling statement due to statement timeout'), true],
    ['a connection exception (class 08)', withCode('08006'), true],
    ['the driver: connection ended', new Error('Connection terminated unexpectedly'), true],
    ['the driver: connect timed out', new Error('timeout exceeded when trying to connect'), true],
    ['the driver: a client broken earlier', new Error('Client has encountered a connection error and is not queryable'), true],
    ['an ORM error wrapping a dropped connection', new Error('Failed query: select 1', { cause: withCode('57P01') }), true],
    ['every address refused', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect failed'), true],
    ['a unique violation', withCode('23505', 'duplicate key value violates unique constraint'), false],
    ['a syntax error', withCode('42601', 'syntax error at or near "SELEC"'), false],
    ['a value the column refuses', withCode('22001', 'value too long'), false],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')"), false],
    ['not an error', 'ECONNREFUSED', false],
    ['nothing', undefined, false],
  ])('%s: %s', (_name, error, expected) => {
    expect(isDatabaseUnavailable(error)).toBe(expected);
  });

  it('stops following a chain of causes that loops', () => {
    const looping: Error & { cause?: unknown } = new Error('outer');
    looping.cause = looping;
    expect(isDatabaseUnavailable(looping)).toBe(false);
  });
});
