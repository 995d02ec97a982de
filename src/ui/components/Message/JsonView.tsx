import { CodeBlock } from "./CodeBlock";
import { toJson } from "./fields";

/** Any value as pretty JSON, copyable. */
export function JsonView({ value, maxLines = 40 }: { value: unknown; maxLines?: number }) {
	return <CodeBlock code={toJson(value)} lang="json" maxLines={maxLines} />;
}

/** A collapsed "Raw JSON" section. */
export function RawJson({ value, label = "Raw JSON" }: { value: unknown; label?: string }) {
	return (
		<details className="msg-raw" data-testid="raw-json">
			<summary>{label}</summary>
			<JsonView value={value} maxLines={80} />
		</details>
	);
}
