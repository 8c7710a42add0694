/** Injected by Vite `define` (vite.config.ts): root package.json version and build id. */
declare const __APP_VERSION__: string;
declare const __APP_BUILD__: string;
