import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

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

// `base: "./"` makes every asset URL relative, so `dist/` works unchanged from any folder of
// any static host (GitHub Pages project sites, S3 prefixes, file shares).
export default defineConfig({
	base: "./",
	plugins: [react(), contentSecurityPolicy()],
	worker: { format: "es" },
	build: { target: "es2022", sourcemap: true },
});
