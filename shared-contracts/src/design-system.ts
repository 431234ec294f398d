import { FORM_CLASSES } from './ui/form-classes.ts';

/**
 * The design system's global classes, provided by the shell's stylesheets (shell/src/app/design-system.css, form-kit.css);
 * remotes use these names for layout, type, buttons and cards, and CSS modules for the rest.
 */
export const DS = {
  container: 'rk-container',
  section: 'rk-section',
  sectionMuted: 'rk-section rk-section--muted',
  sectionDark: 'rk-section rk-section--dark',
  eyebrow: 'rk-eyebrow',
  display: 'rk-display',
  h2: 'rk-h2',
  h3: 'rk-h3',
  lead: 'rk-lead',
  muted: 'rk-muted',
  button: 'rk-btn',
  buttonPrimary: 'rk-btn rk-btn--primary',
  buttonSecondary: 'rk-btn rk-btn--secondary',
  buttonLarge: 'rk-btn--lg',
  card: 'rk-card',
  ...FORM_CLASSES,
  grid3: 'rk-grid rk-grid--3',
  grid2: 'rk-grid rk-grid--2',
  badge: 'rk-badge',
  prose: 'rk-prose',
} as const;
