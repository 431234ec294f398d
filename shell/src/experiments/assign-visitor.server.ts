import { EXPERIMENTS, validateExperimentRegistry } from '@reelkeep/shared-contracts';
import type { VisitorAssignment, VisitorAssignmentInput } from '../render-contract.ts';
import { assignExperiments } from './assign-experiments.server.ts';
import { collectAttributionCookies } from './attribution.server.ts';

// docs/experiments.md "The registry": a bad registry stops this shell release when it loads, naming the experiment.
const REGISTRY = validateExperimentRegistry(EXPERIMENTS);

/**
 * The shell bundle's `assignVisitor`: the experiments of the page the page gate matched (docs/experiments.md
 * "Assignment") and the attribution cookies of the query (docs/experiments.md "Affiliates and ads").
 */
export function assignVisitor(input: VisitorAssignmentInput): VisitorAssignment {
  const { page } = input;
  const assignment = assignExperiments({
    ...input,
    page: page && { routeKey: page.route?.route ?? null, locale: page.locale },
    registry: REGISTRY,
  });
  return { ...assignment, setCookies: [...assignment.setCookies, ...collectAttributionCookies(input)] };
}
