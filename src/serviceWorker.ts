/// <reference types="vite-plugin-pwa/vanillajs" />
import { registerSW } from "virtual:pwa-register";
import { useStore } from "./store";

/**
 * Registers the app's service worker (built by vite-plugin-pwa; none in dev mode). A new version
 * is installed in the background and announced; it takes over only when the user reloads into it.
 */
export function registerServiceWorker(): void {
	if (!("serviceWorker" in navigator)) return;
	const update = registerSW({
		onNeedRefresh: () => useStore.getState().offerUpdate(() => update(true)),
	});
}
