import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// `base: "./"` makes every asset URL relative, so `dist/` works unchanged from any
// folder of any static host (GitHub Pages project sites, S3 prefixes, file shares).
export default defineConfig({
	base: "./",
	plugins: [react()],
	worker: { format: "es" },
	build: { target: "es2022", sourcemap: true },
});
