import type { Translate as TranslateFunction } from '@reelkeep/shared-contracts';

/** The label of a registry event's action in the Releases history. */
export function translateSwitchAction(t: TranslateFunction, action: 'promote' | 'rollback' | 'canary' | 'canary-rollback'): string {
  return t(`releases.actions.${action}`);
}

/** The question of the Releases confirmation page. */
export function translateSwitchQuestion(
  t: TranslateFunction,
  action: 'promote' | 'rollback',
  values: { app: string; from: string; to: string },
): string {
  return t(`releases.confirm.${action}`, values);
}
