import { createContext, createElement, useContext, type Context, type ReactNode } from 'react';
import { createTranslator, type TranslateFunction, type Translator } from './translator.ts';

const CONTEXT_KEY = Symbol.for('reelkeep.i18n.context');

/**
 * The translator's React context, one object for the whole page: the shell and every remote bundle this module
 * separately, so the first bundle to load creates the context and the others find it on `globalThis`
 * (docs/i18n.md "One translator per page").
 */
const TranslatorContext: Context<Translator | null> = ((globalThis as { [CONTEXT_KEY]?: Context<Translator | null> })[CONTEXT_KEY] ??=
  createContext<Translator | null>(null));

/** Outside a provider (a component rendered alone in a test) every key shows as itself. */
const KEYS_ONLY = createTranslator('en', {});

/** Gives the page's translator to every component below it, in the shell and in remotes. */
export function I18nProvider({ translator, children }: { translator: Translator; children?: ReactNode }) {
  return createElement(TranslatorContext.Provider, { value: translator }, children);
}

/** What `useTranslation` gives a component. */
export interface UseTranslationResult {
  /** Translates with `namespace` as the default namespace; the same function on every render. */
  t: TranslateFunction;
  /** The page's translator (`i18n.language` is the page's locale). */
  i18n: Translator;
}

/** The translate function of `namespace` (the default namespace, `common`, when absent). */
export function useTranslation(namespace?: string): UseTranslationResult {
  const translator = useContext(TranslatorContext) ?? KEYS_ONLY;
  return { t: translator.getFixedT(namespace), i18n: translator };
}
