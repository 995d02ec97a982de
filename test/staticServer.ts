import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, resolve, sep } from "node:path";

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A throwaway HTTP server on 127.0.0.1 at a free port (for tests that need a real origin). */
export async function startServer(
	handler: Handler,
): Promise<{ origin: string; close(): Promise<void>; server: Server }> {
	const server = createServer(handler);
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const { port } = server.address() as AddressInfo;
	return {
		origin: `http://127.0.0.1:${port}`,
		server,
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}

const TYPES: Record<string, string> = {
	".html": "text/html; charset=utf-8",
	".js": "text/javascript; charset=utf-8",
	".css": "text/css; charset=utf-8",
	".svg": "image/svg+xml",
	".json": "application/json",
	".jsonl": "application/jsonl",
	".map": "application/json",
	".png": "image/png",
};

/**
 * Serves the files under `root` at URL prefix `mount` (like `/some/sub/folder/`), the way a plain
 * static host does: `index.html` for a folder, a redirect to add a folder's missing slash, 404
 * for everything else.
 */
export function folderHandler(root: string, mount: string): Handler {
	const base = resolve(root);
	return (req, res) => {
		const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
		if (`${path}/` === mount) {
			res.writeHead(301, { location: mount });
			res.end();
			return;
		}
		if (!path.startsWith(mount)) {
			res.writeHead(404);
			res.end("not found");
			return;
		}
		let file = resolve(base, `.${path.slice(mount.length - 1)}`);
		if (file !== base && !file.startsWith(`${base}${sep}`)) {
			res.writeHead(404);
			res.end("not found");
			return;
		}
		if (existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html");
		if (!existsSync(file) || !statSync(file).isFile()) {
			res.writeHead(404);
			res.end("not found");
			return;
		}
		res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
		res.end(readFileSync(file));
	};
}
