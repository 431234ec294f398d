import { z } from 'zod';
import { EXPERIMENTS, PRICE_EXPERIMENT_KEY, readInput } from '@reelkeep/shared-contracts';
import { canRole } from '@reelkeep/shared-contracts/console';
import { writeExperimentSwitch } from '../pages/experiment-switches.ts';
import { loadExperimentFigures } from './console-experiments-loader.ts';
import { buildConversionSeries, buildFunnelDays } from './console-experiments-series.ts';
import { renderExperiment, renderFunnel } from './console-experiments-view.ts';
import { html } from './console-html.ts';
import type { SectionHandler } from './console-section-context.ts';

/** `POST /console/experiments/switch`: open or close one experiment of the registry (not the price experiment: AB_PLAN_PRICE_OPEN decides it). */
export const experimentSwitchInput = z.object({
  experiment: z.enum(EXPERIMENTS.map((experiment) => experiment.key) as [string, ...string[]]).refine((key) => key !== PRICE_EXPERIMENT_KEY),
  open: z.enum(['open', 'closed']).transform((value) => value === 'open'),
});

/** `/console/experiments` (`experiment:read`) and `/console/experiments/switch` (`experiment:switch`). */
export const handleExperiments: SectionHandler = async (request) => {
  const { t, path } = request;
  if (path === '/console/experiments' && !request.form) {
    const actor = await request.admit({ resource: 'experiment', action: 'read' });
    if (!actor) return true;
    const figures = await loadExperimentFigures(request);
    const canSwitch = canRole(actor.role, { resource: 'experiment', action: 'switch' });
    const sections = figures.readout.experiments.map((experiment) =>
      renderExperiment(
        t,
        request.url,
        experiment,
        buildConversionSeries(
          experiment.experiment,
          experiment.variants.map((row) => row.variant),
          figures.daily,
          figures.funnel,
        ),
        figures.switches.find((entry) => entry.experiment === experiment.experiment),
        canSwitch,
      ),
    );
    return request.page(
      200,
      t('sections.experiments'),
      html`${figures.checkoutAvailable ? '' : html`<p class="notice problem" role="status">${t('experiments.checkoutUnavailable')}</p>`}
        <section>
          <p>${t('experiments.intro')}</p>
        </section>
        ${sections}${renderFunnel(t, request.url, buildFunnelDays(figures.visits, figures.funnel))}`,
      actor,
      'experiments',
    );
  }
  if (path === '/console/experiments/switch' && request.form) {
    const actor = await request.admit({ resource: 'experiment', action: 'switch' });
    if (!actor) return true;
    const input = await readInput(request.form, experimentSwitchInput);
    if (!input.ok) return request.problemPage(400, 'invalidInput', actor);
    const registryOpen = EXPERIMENTS.find((experiment) => experiment.key === input.data.experiment)!.open;
    const { before } = await writeExperimentSwitch(request.db, input.data.experiment, input.data.open, `${actor.email} (console)`);
    await request.audit(
      actor,
      input.data.open ? 'experiment.open' : 'experiment.close',
      input.data.experiment,
      { open: before ?? registryOpen },
      { open: input.data.open },
    );
    return request.redirect('/console/experiments?done=experiment');
  }
  return false;
};
