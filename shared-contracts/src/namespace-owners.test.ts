import { describe, expect, it } from '@jest/globals';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { findNamespaceOwner, NAMESPACES_OF_APP } from './namespace-owners.ts';

const ENGLISH_DIR = path.resolve(import.meta.dirname, '../../locales/en');
const files = readdirSync(ENGLISH_DIR)
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length));

describe('the owners of the translation namespaces', () => {
  it.each(files)('a release carries %s', (namespace) => {
    expect(findNamespaceOwner(namespace)).toBeDefined();
  });

  it('names each namespace once, and only namespaces that have English texts', () => {
    const owned = Object.values(NAMESPACES_OF_APP).flat();
    expect(new Set(owned).size).toBe(owned.length);
    expect(owned.filter((namespace) => !files.includes(namespace))).toEqual([]);
  });

  it.each([
    ['landing', 'mf-landing'],
    ['common', 'shell'],
    ['checkout', 'mf-checkout'],
    ['member', 'shell'],
    ['nothing_here', undefined],
  ])('%s is served by %s', (namespace, owner) => {
    expect(findNamespaceOwner(namespace)).toBe(owner);
  });
});
