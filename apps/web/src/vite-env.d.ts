/** Injected by Vite `define` (vite.config.ts): root package.json version and build id. */
declare const __APP_VERSION__: string;
declare const __APP_BUILD__: string;

/** One part of a language's texts (catalogParts in vite.config.ts, decision 86). */
declare module 'virtual:texts/*' {
  const texts: Record<string, unknown>;
  export default texts;
}
