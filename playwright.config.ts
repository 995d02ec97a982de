import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

/**
 * Chromium comes from, in order: PLAYWRIGHT_CHROMIUM_PATH, Debian's /usr/bin/chromium, or
 * Playwright's own download (`npx playwright install chromium`) on a normal machine.
 */
function chromiumPath(): string | undefined {
	const fromEnv = process.env.PLAYWRIGHT_CHROMIUM_PATH;
	if (fromEnv) return fromEnv;
	if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
	return undefined;
}

const executablePath = chromiumPath();
const PORT = Number(process.env.E2E_PORT ?? 4317);

export default defineConfig({
	testDir: "e2e",
	testMatch: "**/*.spec.ts",
	testIgnore: process.env.E2E_PERF ? [] : ["**/*.perf.spec.ts"],
	fullyParallel: true,
	workers: process.env.CI ? 2 : undefined,
	retries: process.env.CI ? 2 : 0,
	timeout: 60_000,
	// CI runs two browsers on two cores: what the worker finishes in the background (checks, the
	// content hash before a session is stored) can take longer there than a quiet machine's 5 s.
	expect: { timeout: process.env.CI ? 15_000 : 5_000 },
	reporter: process.env.CI ? [["list"]] : [["list"]],
	use: {
		baseURL: `http://127.0.0.1:${PORT}/`,
		trace: "retain-on-failure",
		...devices["Desktop Chrome"],
		viewport: { width: 1440, height: 900 },
		// The built app installs a service worker. Specs test the app, not its cache, and several
		// route or intercept requests (which a service worker would answer first): they run without
		// it. `e2e/offline.spec.ts` and the sub-folder spec allow it and test the real one.
		serviceWorkers: "block",
		launchOptions: {
			...(executablePath ? { executablePath } : {}),
			args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
		},
	},
	webServer: {
		// The built app, as a static host serves it.
		command: `npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort`,
		url: `http://127.0.0.1:${PORT}/`,
		reuseExistingServer: !process.env.CI,
		timeout: 60_000,
	},
});
