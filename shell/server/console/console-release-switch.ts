import { readInput } from '@reelkeep/shared-contracts';
import { consoleSwitchInput, consoleSwitchQuery } from '@reelkeep/shared-contracts/console';
import { promoteRelease, ReleaseSwitchRefusedError, rollbackRelease } from '@reelkeep/platform/switch-release';
import { html } from './console-html.ts';
import type { ConsoleRouteHandler } from './console-request.ts';
import { translateSwitchQuestion } from './console-texts.ts';

/**
 * `/console/releases/confirm` (`release:switch`): the confirmation of a promote or a rollback (GET), and the switch
 * itself (POST), through the same registry switch as the release CLI, written in the audit log.
 */
export const handleReleaseSwitch: ConsoleRouteHandler = async (request) => {
  if (request.path !== '/console/releases/confirm') return false;
  const { t, form } = request;
  const actor = await request.admit({ resource: 'release', action: 'switch' });
  if (!actor) return true;
  const input = await readInput(form ?? request.query, form ? consoleSwitchInput : consoleSwitchQuery);
  if (!input.ok) return request.problemPage(400, 'invalidInput', actor);
  const { app, action } = input.data;
  const state = await request.registry.read();
  const live = state.apps[app]?.live ?? null;
  const target = input.data.action === 'promote' ? input.data.version : (state.apps[app]?.previous.at(-1) ?? null);
  if (!form) {
    return request.page(
      200,
      t('releases.confirmTitle'),
      html`<section>
        <p>${translateSwitchQuestion(t, action, { app, from: live ?? '—', to: target ?? '—' })}</p>
        <form method="post" action="/console/releases/confirm">
          <input type="hidden" name="action" value="${action}" /><input type="hidden" name="app" value="${app}" />${
            input.data.action === 'promote' ? html`<input type="hidden" name="version" value="${input.data.version}" />` : ''
          }<input type="hidden" name="confirm" value="yes" />
          <div class="row"><button type="submit">${t(`releases.${action}`)}</button> <a href="/console/releases">${t('releases.cancel')}</a></div>
        </form>
      </section>`,
      actor,
      'releases',
    );
  }
  const switcher = { store: request.registry, releasesDir: request.releasesDir, db: request.db };
  const by = `${actor.email} (console)`;
  try {
    const event =
      input.data.action === 'promote'
        ? (await promoteRelease(switcher, app, input.data.version, by)).event
        : await rollbackRelease(switcher, app, by);
    await request.audit(actor, `release.${action}`, app, { live: event.from }, { live: event.to });
    return request.redirect('/console/releases?done=switched');
  } catch (error) {
    if (!(error instanceof ReleaseSwitchRefusedError)) throw error;
    request.logger.warn('console: release switch refused', { app, action, reason: error.message });
    return request.page(
      409,
      t('releases.confirmTitle'),
      html`<p class="notice problem" role="alert">${t('problems.refused')}</p>
        <section><pre>${error.message}</pre></section>`,
      actor,
      'releases',
    );
  }
};
