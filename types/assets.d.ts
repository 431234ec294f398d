/** CSS modules export their class names by name (Rspack's css/auto). */
declare module '*.module.css' {
  const classNames: Readonly<Record<string, string>>;
  export = classNames;
}

/** Plain stylesheets are side effects. */
declare module '*.css';

/** True in server containers, false in browser containers (set by rspack.base.ts). */
declare const __SERVER__: boolean;
