export * from './locales.ts';
export * from './routes.ts';
export * from './page-contract.ts';
export * from './store-contract.ts';
export * from './events.ts';
export type * from './hydration.ts';
export * from './frame-contract.ts';
export * from './validation.ts';
