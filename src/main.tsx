import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "@xyflow/react/dist/style.css";
import "./ui/styles.css";
import { registerServiceWorker } from "./serviceWorker";
import { App } from "./ui/App";
import { warmFormats } from "./ui/components/Library/format";
import { warmUpReader } from "./workers/reader";

const root = document.getElementById("root");
if (root) {
	createRoot(root).render(
		<StrictMode>
			<App />
		</StrictMode>,
	);
	// Once the first screen is up, so that the parser is ready when a file comes.
	setTimeout(warmUpReader, 0);
	// The date and number formatters' locale data, before a file's open needs them.
	if (typeof requestIdleCallback === "function") requestIdleCallback(warmFormats, { timeout: 2000 });
	else setTimeout(warmFormats, 500);
	registerServiceWorker();
}
