import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { z } from 'zod';
import {
  answerSectionNotFound,
  answerSectionRefusal,
  canRole,
  CONSOLE_ROLES,
  CONSOLE_STATEMENTS,
  consoleAuthoriseInput,
  findConsoleModuleProblem,
  type ConsolePermission,
} from './console-contract.ts';

const refund: ConsolePermission = { resource: 'order', action: 'refund' };
const switchRelease: ConsolePermission = { resource: 'release', action: 'switch' };
const grant: ConsolePermission = { resource: 'role', action: 'grant' };
const readMail: ConsolePermission = { resource: 'mail', action: 'read' };

describe('canRole', () => {
  it.each([
    ['owner', refund, true],
    ['owner', switchRelease, true],
    ['owner', grant, true],
    ['release-manager', switchRelease, true],
    ['release-manager', refund, false],
    ['release-manager', grant, false],
    ['support', refund, true],
    ['support', readMail, true],
    ['support', switchRelease, false],
    ['analyst', refund, false],
    ['analyst', { resource: 'order', action: 'read' }, true],
    ['campaign-manager', switchRelease, false],
    ['campaign-manager', { resource: 'campaign', action: 'manage' }, true],
    ['campaign-manager', refund, false],
    ['owner', { resource: 'campaign', action: 'manage' }, true],
    ['support', { resource: 'campaign', action: 'read' }, true],
    ['support', { resource: 'campaign', action: 'manage' }, false],
    ['analyst', { resource: 'campaign', action: 'read' }, true],
    ['analyst', { resource: 'campaign', action: 'manage' }, false],
    ['release-manager', { resource: 'campaign', action: 'read' }, false],
    [null, { resource: 'console', action: 'view' }, false],
    ['user', { resource: 'console', action: 'view' }, false],
    ['admin', grant, false],
  ] as const)('%s may %o: %s', (role, permission, expected) => {
    expect(canRole(role, permission as ConsolePermission)).toBe(expected);
  });

  it('lets every role view the console and read the audit log, and only the owner grant roles', () => {
    for (const role of CONSOLE_ROLES) {
      expect(canRole(role, { resource: 'console', action: 'view' })).toBe(true);
      expect(canRole(role, { resource: 'audit', action: 'read' })).toBe(true);
      expect(canRole(role, grant)).toBe(role === 'owner');
    }
  });

  it('gives the owner every action of every resource', () => {
    for (const [resource, actions] of Object.entries(CONSOLE_STATEMENTS))
      for (const action of actions) expect(canRole('owner', { resource, action } as ConsolePermission)).toBe(true);
  });
});

describe('consoleAuthoriseInput', () => {
  it('accepts a known permission and refuses an unknown action or resource', () => {
    expect(consoleAuthoriseInput.safeParse({ permission: refund }).success).toBe(true);
    expect(consoleAuthoriseInput.safeParse({ permission: { resource: 'order', action: 'switch' } }).success).toBe(false);
    expect(consoleAuthoriseInput.safeParse({ permission: { resource: 'database', action: 'read' } }).success).toBe(false);
  });
});

describe('findConsoleModuleProblem', () => {
  const page = {
    path: '',
    permission: { resource: 'order', action: 'read' },
    query: z.object({}),
    render: async () => ({ kind: 'redirect', to: '' }),
  };
  const action = {
    path: 'refund',
    permission: { resource: 'order', action: 'refund' },
    input: z.object({}),
    handle: async () => ({ kind: 'redirect', to: '' }),
  };
  const section = { id: 'orders', labelKey: 'nav', namespaces: ['checkout_console'], pages: [page], actions: [action] };
  const compatible = (version: string) => version.startsWith('3.');

  it('accepts a module that honours the contract, as a default export too', () => {
    expect(findConsoleModuleProblem({ contractVersion: '3.3.0', sections: [section] }, compatible)).toBeNull();
    expect(findConsoleModuleProblem({ default: { contractVersion: '3.3.0', sections: [section] } }, compatible)).toBeNull();
  });

  it.each([
    ['nothing', null],
    ['no sections', { contractVersion: '3.3.0' }],
    ['another major', { contractVersion: '2.0.0', sections: [section] }],
    ['a bad id', { contractVersion: '3.3.0', sections: [{ ...section, id: '../x' }] }],
    ['a repeated id', { contractVersion: '3.3.0', sections: [section, section] }],
    ['a bad namespace', { contractVersion: '3.3.0', sections: [{ ...section, namespaces: ['../../etc'] }] }],
    ['no first page', { contractVersion: '3.3.0', sections: [{ ...section, pages: [{ ...page, path: 'x' }] }] }],
    [
      'an unknown permission',
      { contractVersion: '3.3.0', sections: [{ ...section, actions: [{ ...action, permission: { resource: 'order', action: 'steal' } }] }] },
    ],
    ['no permission', { contractVersion: '3.3.0', sections: [{ ...section, actions: [{ ...action, permission: undefined }] }] }],
    ['no schema', { contractVersion: '3.3.0', sections: [{ ...section, actions: [{ ...action, input: undefined }] }] }],
    ['a repeated action', { contractVersion: '3.3.0', sections: [{ ...section, actions: [action, action] }] }],
    ['a bad path', { contractVersion: '3.3.0', sections: [{ ...section, actions: [{ ...action, path: 'a/b' }] }] }],
  ])('refuses %s', (_name, exported) => {
    expect(findConsoleModuleProblem(exported, compatible)).toEqual(expect.any(String));
  });
});

describe('answerSectionNotFound', () => {
  it("answers 404 with the section's own texts and a link back to its first page", () => {
    const answer = answerSectionNotFound({ t: (key) => `<${key}>`, basePath: '/console/checkout/orders' }, 'search.back');
    expect(answer).toMatchObject({ kind: 'page', status: 404, title: '<problems.not_found>' });
    if (answer.kind !== 'page') throw new Error('expected a page');
    expect(renderToStaticMarkup(answer.body as ReactElement)).toBe(
      '<section><p>&lt;problems.not_foundDetail&gt;</p><p><a href="/console/checkout/orders">&lt;search.back&gt;</a></p></section>',
    );
  });
});

describe('answerSectionRefusal', () => {
  const t = (key: string) => `<${key}>`;
  it.each([
    ['not_found', 404],
    ['already_refunded', 409],
  ])('answers a refused %s with %i, its problem as an alert and a link back', (problem, status) => {
    const answer = answerSectionRefusal(t, problem, '/console/checkout/orders/order?id=A1');
    expect(answer).toMatchObject({ kind: 'page', status, title: `<problems.${problem}>` });
    if (answer.kind !== 'page') throw new Error('expected a page');
    expect(renderToStaticMarkup(answer.body as ReactElement)).toBe(
      `<section><p class="notice problem" role="alert">&lt;problems.${problem}Detail&gt;</p><p><a href="/console/checkout/orders/order?id=A1">&lt;confirm.back&gt;</a></p></section>`,
    );
  });
});
