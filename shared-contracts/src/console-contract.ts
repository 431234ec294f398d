/**
 * The operator console's contract (`@reelkeep/shared-contracts/console`, server-only), one module per part:
 * - roles and permissions (console-roles.ts), the one table better-auth's access control and the host check;
 * - the operators as the account squad answers for them (console-operators.ts);
 * - the inputs of the shell's own sections and of the console API (console-shell-inputs.ts);
 * - the squad section contract (console-squad-sections.ts) and its wire to a squad's routes (console-section.ts).
 */
export * from './console-roles.ts';
export * from './console-operators.ts';
export * from './console-shell-inputs.ts';
export * from './console-squad-sections.ts';
export * from './console-section.ts';

// The shell sections' schemas that other squads' internal routes share (server-only, like this module).
export * from './inputs/funnel.ts';
export * from './inputs/push-compose.ts';
