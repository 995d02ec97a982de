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
	plugins: [react(), contentSecurityPolicy(), pwa],
	worker: { format: "es" },
	build: { target: "es2022", sourcemap: true },
});
