import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "@xyflow/react/dist/style.css";
import "./ui/styles.css";
import { registerServiceWorker } from "./serviceWorker";
import { App } from "./ui/App";
import { warmUpParser } from "./workers/client";

const root = document.getElementById("root");
if (root) {
	createRoot(root).render(
		<StrictMode>
			<App />
		</StrictMode>,
	);
	// Once the first screen is up, so that the parser is ready when a file comes.
	setTimeout(warmUpParser, 0);
	registerServiceWorker();
}
