import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";

/**
 * The production Content-Security-Policy: only the app's own scripts run, images come from the
 * app or from a session's own base64 data, and the only network reads are the app's files and
 * the session URL a user opens with `?url=` (any http(s) origin that allows it by CORS).
 * Dev mode skips it (Vite's dev server injects inline scripts).
 */
export const CONTENT_SECURITY_POLICY = [
	"default-src 'none'",
	"script-src 'self'",
	"worker-src 'self'",
	"style-src 'self' 'unsafe-inline'",
	"img-src 'self' data:",
	"font-src 'self'",
	"connect-src 'self' https: http:",
	"manifest-src 'self'",
	"base-uri 'none'",
	"form-action 'none'",
	"object-src 'none'",
].join("; ");

function contentSecurityPolicy(): Plugin {
	return {
		name: "content-security-policy",
		apply: "build",
		transformIndexHtml: () => [
			{
				tag: "meta",
				attrs: { "http-equiv": "Content-Security-Policy", content: CONTENT_SECURITY_POLICY },
				injectTo: "head-prepend",
			},
		],
	};
}

/**
 * V8's explicit compile hint: a script that starts with this comment has all its functions
 * compiled when it loads (off the main thread while it streams in) instead of the first time each
 * runs. Opening the first session runs most of the app's code for the first time, and lazy
 * compiling was 12-33 ms of each step of that first view (V8.CompileCode in a trace); the workers'
 * scan ran its first lines uncompiled as well. Highlighter grammars stay lazy (most are never used).
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

function compileHints(): Plugin {
	return {
		name: "compile-hints",
		apply: "build",
		generateBundle(_options, bundle) {
			for (const file of Object.values(bundle)) {
				if (file.type !== "chunk" || /(^|\/)grammars-/.test(file.fileName)) continue;
				file.code = COMPILE_HINT + file.code;
				// Its maps shift by the line added (an empty first line of mappings): the chunk's
				// own and the file written beside it (a worker's bundle is copied from the former).
				if (file.map) file.map.mappings = `;${file.map.mappings}`;
				const map = bundle[`${file.fileName}.map`];
				if (map?.type === "asset" && typeof map.source === "string") {
					const parsed = JSON.parse(map.source) as { mappings: string };
					parsed.mappings = `;${parsed.mappings}`;
					map.source = JSON.stringify(parsed);
				}
			}
		},
	};
}

/**
 * The installed, offline app: a manifest and a Workbox service worker that precaches the build
 * (scripts, styles, workers, the example sessions), so the page and its IndexedDB library open
 * without a network. Every path is relative, so the worker's scope is the folder the app is served
 * from. `registerType: "prompt"`: a new version waits until the user chooses to reload
 * (`src/serviceWorker.ts` registers it from a module file; the CSP allows no inline script).
 */
const pwa = VitePWA({
	registerType: "prompt",
	injectRegister: false,
	includeAssets: ["favicon.svg"],
	manifest: {
		name: "Session Explorer",
		short_name: "Sessions",
		description: "Explore pi coding-agent session files in the browser: branches, compaction and the exact context.",
		start_url: "./",
		scope: "./",
		display: "standalone",
		background_color: "#ffffff",
		theme_color: "#2f6fde",
		icons: [{ src: "favicon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" }],
	},
	workbox: {
		globPatterns: ["**/*.{js,css,html,svg,json,jsonl,webmanifest}"],
		// The worker bundles are large; the whole app must be there offline.
		maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
		navigateFallback: "index.html",
		cleanupOutdatedCaches: true,
	},
});

// `base: "./"` makes every asset URL relative, so `dist/` works unchanged from any folder of
// any static host (GitHub Pages project sites, S3 prefixes, file shares).
export default defineConfig({
	base: "./",
	plugins: [react(), contentSecurityPolicy(), compileHints(), pwa],
	worker: { format: "es", plugins: () => [compileHints()] },
	build: { target: "es2022", sourcemap: true },
});
