import { type AgentMessage, type AssistantMessage, type Message, messageOfFields } from "../../session/types";
import { type Fields, fieldOf, isRecord } from "../../util/fields";
import { renderOmpPrompt } from "./context";

const OMP_COMPACTION_TEMPLATE =
	"Prior model work/tool state available.\nMUST build on prior work; NEVER duplicate prior work.\n\n<summary>\n{{summary}}\n</summary>\n";
const OMP_HANDOFF_TEMPLATE =
	'Context replaced. The <handoff> below is a handoff document a prior instance of you wrote from the full conversation. It is your own working memory, not user input.\n- First person inside it refers to you (the prior instance).\n- "Next Steps" is your own resumed plan; re-check it against the latest user message before acting.\n- The handoff already exists and is complete: NEVER write another handoff document unless the user explicitly asks.\nMUST build on prior work; NEVER duplicate prior work.\n\n<handoff>\n{{summary}}\n</handoff>\n';
const OMP_BRANCH_TEMPLATE = "Branch-return summary:\n\n<summary>\n{{summary}}\n</summary>\n";
/** `prompts/steering/user-interjection.md`: a user's collab prompt sent mid-work. */
const OMP_INTERJECTION_TEMPLATE =
	"<system-notice>\nUser interjection during work: priority; supersedes conflicting prior instructions. Re-read; ensure current work reflects user intent.\n</system-notice>\n{{message}}\n";

/**
 * oh-my-pi's conversion of one message (`formats/oh-my-pi.md` §2.6; `session/messages.ts`
 * `convertOne` and pi-agent-core `convertMessageToLlm`): attribution added, custom messages as
 * developer messages, its own summary templates; `undefined` when not sent.
 * Two kinds of message become two provider messages: a custom message with both text and images
 * (a developer message with the text, then a user message with the images) and a file mention with
 * both text files and images (a developer message, then a user one).
 */
export function convertOmpMessage(message: AgentMessage): Message | readonly Message[] | undefined {
	const role: string = message.role;
	if (message.role === "system") return message;
	if (message.role === "assistant") return convertAssistant(message);
	const ts = fieldOf(message, "timestamp");
	const attribution = fieldOf(message, "attribution");
	let out: Fields;
	switch (role) {
		case "user":
			out = { ...message, attribution: attribution ?? "user" };
			break;
		case "developer":
			out = { ...message, attribution: attribution ?? "agent" };
			break;
		case "toolResult":
			out = { ...message, content: prunedContent(message), attribution: attribution ?? "agent" };
			break;
		case "custom":
		case "hookMessage": {
			const content = fieldOf(message, "content");
			if (typeof content !== "string" && !Array.isArray(content)) return undefined;
			const customType = fieldOf(message, "customType");
			if (role === "custom" && customType === "collab-prompt" && attribution === "user") {
				out = interjection(content, ts);
				break;
			}
			if (role === "custom" && customType === "skill-prompt" && attribution === "user") {
				out = { role: "user", content: textBlocks(content), attribution: "user", timestamp: ts };
				break;
			}
			const blocks: unknown[] = textBlocks(content);
			const images = blocks.filter((b) => fieldOf(b, "type") === "image");
			const texts = blocks.filter((b) => fieldOf(b, "type") === "text");
			// An image-bearing custom message: its text as a developer message, its images in a user one.
			if (typeof content !== "string" && images.length > 0) {
				const attached = withAttribution(
					{ role: "user", content: [{ type: "text", text: `Images attached to ${String(customType)}.` }, ...images] },
					attribution,
					ts,
				);
				return sent(
					texts.length > 0
						? [withAttribution({ role: "developer", content: texts }, attribution, ts), attached]
						: [attached],
				);
			}
			out = withAttribution({ role: "developer", content: blocks }, attribution, ts);
			break;
		}
		case "branchSummary":
			out = {
				role: "user",
				content: [
					{
						type: "text",
						text: renderOmpPrompt(OMP_BRANCH_TEMPLATE, "summary", String(fieldOf(message, "summary") ?? "")),
					},
				],
				attribution: "agent",
				historyRewriteAt: ts,
				timestamp: ts,
			};
			break;
		case "compactionSummary": {
			const summary = String(fieldOf(message, "summary") ?? "");
			const blocks = fieldOf(message, "blocks");
			const images = fieldOf(message, "images");
			const template = fieldOf(message, "method") === "handoff" ? OMP_HANDOFF_TEMPLATE : OMP_COMPACTION_TEMPLATE;
			const providerPayload = fieldOf(message, "providerPayload");
			out = {
				role: "user",
				content:
					blocks !== undefined
						? [{ type: "text", text: summary }, ...(Array.isArray(blocks) ? blocks : [])]
						: [
								{ type: "text", text: renderOmpPrompt(template, "summary", summary) },
								...(Array.isArray(images) ? images : []),
							],
				attribution: "agent",
				historyRewriteAt: fieldOf(message, "historyRewriteAt") ?? ts,
				...(providerPayload !== undefined ? { providerPayload } : {}),
				timestamp: ts,
			};
			break;
		}
		case "bashExecution": {
			if (fieldOf(message, "excludeFromContext")) return undefined;
			const images = fieldOf(message, "images");
			out = {
				role: "user",
				content: [{ type: "text", text: bashExecutionToText(message) }, ...(Array.isArray(images) ? images : [])],
				attribution: "user",
				timestamp: ts,
			};
			break;
		}
		case "pythonExecution":
			if (fieldOf(message, "excludeFromContext")) return undefined;
			out = {
				role: "user",
				content: [{ type: "text", text: pythonExecutionToText(message) }],
				attribution: "user",
				timestamp: ts,
			};
			break;
		case "fileMention": {
			const files: unknown = fieldOf(message, "files");
			const all = Array.isArray(files) ? files : [];
			const wrap = (f: unknown) => {
				const content = fieldOf(f, "content");
				return `<file path="${String(fieldOf(f, "path"))}">${content ? `\n${String(content)}\n` : "\n"}</file>`;
			};
			const textFiles = all.filter((f) => !fieldOf(f, "image"));
			const imageFiles = all.filter((f) => fieldOf(f, "image"));
			const parts: Fields[] = [];
			if (textFiles.length > 0) {
				parts.push({
					role: "developer",
					content: [{ type: "text", text: textFiles.map(wrap).join("\n") }],
					attribution: "user",
					timestamp: ts,
				});
			}
			if (imageFiles.length > 0) {
				parts.push({
					role: "user",
					content: [
						{ type: "text", text: imageFiles.map(wrap).join("\n") },
						...imageFiles.map((f) => fieldOf(f, "image")),
					],
					attribution: "user",
					timestamp: ts,
				});
			}
			return parts.length === 0 ? undefined : sent(parts);
		}
		default:
			return undefined;
	}
	return sent([out])[0];
}

/**
 * The messages as sent. oh-my-pi sends roles `Message` does not name (`developer`): each is what
 * the types call a `Message`, as the program it mirrors sends it.
 */
function sent(messages: readonly Fields[]): Message[] {
	return messages.map((m) => messageOfFields(m) as Message);
}

const textBlocks = (content: unknown): unknown[] =>
	typeof content === "string" ? [{ type: "text", text: content }] : Array.isArray(content) ? content : [];

/** `attribution` set only when the message had one (pi-agent-core copies it, undefined or not). */
function withAttribution(fields: Fields, attribution: unknown, ts: unknown): Fields {
	return { ...fields, ...(attribution !== undefined ? { attribution } : {}), timestamp: ts };
}

/** A user's collab prompt, wrapped in the interjection notice (`wrapSteeringUserMessage`). */
function interjection(content: string | unknown[], ts: unknown): Fields {
	const base: Fields = { role: "user", content, attribution: "user", timestamp: ts };
	if (typeof content === "string") {
		return content === "" ? base : { ...base, content: renderOmpPrompt(OMP_INTERJECTION_TEMPLATE, "message", content) };
	}
	const text = content
		.filter((b) => fieldOf(b, "type") === "text")
		.map((b) => String(fieldOf(b, "text")))
		.join("\n");
	if (text === "") return base;
	return {
		...base,
		content: [
			{ type: "text", text: renderOmpPrompt(OMP_INTERJECTION_TEMPLATE, "message", text) },
			...content.filter((b) => fieldOf(b, "type") === "image"),
		],
	};
}

/**
 * An assistant turn as sent: an aborted one loses its trailing run of unsigned thinking (the
 * builder keeps an aborted turn only when an interrupted-thinking note follows it, and then
 * oh-my-pi strips that run; `demoteInterruptedThinking`, `messages.ts:405-446`).
 */
function convertAssistant(message: AssistantMessage): Message {
	const { content } = message;
	if (message.stopReason !== "aborted" || !Array.isArray(content)) return message;
	let end = content.length;
	while (end > 0) {
		const b = content[end - 1];
		if (fieldOf(b, "type") !== "text" || String(fieldOf(b, "text") ?? "").trim() !== "") break;
		end--;
	}
	let start = end;
	while (start > 0) {
		const b = content[start - 1];
		if (fieldOf(b, "type") !== "thinking" || String(fieldOf(b, "thinking") ?? "").trim() === "") break;
		if (fieldOf(b, "thinkingSignature")) break;
		start--;
	}
	if (start === end) return message;
	return { ...message, content: content.slice(0, start) };
}

/**
 * A pruned tool result's content (`prunedAt` set): its texts joined into the first text block's
 * place (`[Output truncated]` when empty), every other block (images) kept in order; with no text
 * block, the text comes first (pi-agent-core `getPrunedToolResultContent`).
 */
function prunedContent(message: AgentMessage): unknown {
	const content = fieldOf(message, "content");
	if (fieldOf(message, "prunedAt") === undefined || !Array.isArray(content)) return content;
	const isText = (b: unknown) => fieldOf(b, "type") === "text";
	const text =
		content
			.filter(isText)
			.map((b) => fieldOf(b, "text"))
			.join("") || "[Output truncated]";
	const first = content.findIndex(isText);
	if (first < 0) return [{ type: "text", text }, ...content];
	return content.flatMap((b, i) => (!isText(b) ? [b] : i === first ? [{ type: "text", text }] : []));
}

function bashExecutionToText(m: object): string {
	const output = fieldOf(m, "output");
	const exitCode = fieldOf(m, "exitCode");
	let text = `Ran \`${String(fieldOf(m, "command"))}\`\n`;
	text += output ? `\`\`\`\n${String(output)}\n\`\`\`` : "(no output)";
	if (fieldOf(m, "cancelled")) text += "\n\n(command cancelled)";
	else if (exitCode !== null && exitCode !== undefined && exitCode !== 0)
		text += `\n\nCommand exited with code ${String(exitCode)}`;
	return text + outputNotice(fieldOf(m, "meta"));
}

function pythonExecutionToText(m: object): string {
	const output = fieldOf(m, "output");
	const exitCode = fieldOf(m, "exitCode");
	let text = `Ran Python:\n\`\`\`python\n${String(fieldOf(m, "code"))}\n\`\`\`\n`;
	text += output ? `Output:\n\`\`\`\n${String(output)}\n\`\`\`` : "(no output)";
	if (fieldOf(m, "cancelled")) text += "\n\n(execution cancelled)";
	else if (exitCode !== null && exitCode !== undefined && exitCode !== 0)
		text += `\n\nExecution failed with code ${String(exitCode)}`;
	return text + outputNotice(fieldOf(m, "meta"));
}

/**
 * The notice oh-my-pi appends to a bash or python run's text from its output metadata
 * (pi-tui `formatOutputNotice`): truncation, a failed artifact, result limits, LSP diagnostics.
 * Diagnostics are listed one a line (oh-my-pi groups `file:line:col` ones under their file).
 */
function outputNotice(meta: unknown): string {
	if (!isRecord(meta)) return "";
	const parts: string[] = [];
	const truncation = meta.truncation;
	if (isRecord(truncation)) parts.push(truncationNotice(truncation, meta.source));
	if (meta.artifactError)
		parts.push(`Full output was not saved completely (artifact ${String(meta.artifactError)} failed)`);
	const limits = isRecord(meta.limits) ? meta.limits : {};
	for (const [key, noun] of [
		["matchLimit", "matches"],
		["resultLimit", "results"],
		["headLimit", "results"],
	] as const) {
		const l = limits[key];
		if (l)
			parts.push(
				`${String(fieldOf(l, "reached"))} ${noun} limit reached. Use limit=${String(fieldOf(l, "suggestion"))} for more`,
			);
	}
	const column = limits.columnTruncated;
	if (column) {
		let note = `Some lines truncated to ${String(fieldOf(column, "maxColumn"))} ${String(fieldOf(column, "unit") ?? "chars")}`;
		const id = fieldOf(column, "artifactId");
		if (id !== null && id !== undefined) note += `. Read artifact://${String(id)} for full output`;
		parts.push(note);
	}
	let diagnostics = "";
	const d = meta.diagnostics;
	const messages = fieldOf(d, "messages");
	if (Array.isArray(messages) && messages.length > 0) {
		diagnostics = `\n\nLSP Diagnostics (${String(fieldOf(d, "summary"))}):\n${messages.join("\n")}`;
	}
	return (parts.length > 0 ? `\n\n[${parts.join(". ")}]` : "") + diagnostics;
}

function truncationNotice(t: Fields, source: unknown): string {
	const id = t.artifactId;
	const artifact =
		id === null || id === undefined
			? undefined
			: fieldOf(source, "type") === "report"
				? `Read artifact://${String(id)} for full report (${String(fieldOf(source, "value"))})`
				: `Read artifact://${String(id)} for full output`;
	const num = (v: unknown) => (typeof v === "number" ? v : 0);
	let s: string;
	if (t.direction === "middle") {
		const total = num(t.totalLines);
		const elidedBytes =
			typeof t.elidedBytes === "number" ? t.elidedBytes : Math.max(0, num(t.totalBytes) - num(t.outputBytes));
		const elidedLines = typeof t.elidedLines === "number" ? t.elidedLines : Math.max(0, total - num(t.outputLines));
		const head = isRecord(t.headRange) ? `lines ${String(t.headRange.start)}-${String(t.headRange.end)}` : "";
		const tail = isRecord(t.tailRange) ? `${String(t.tailRange.start)}-${String(t.tailRange.end)}` : "";
		if (head && tail) {
			s = `Showing ${head} and ${tail} of ${total}; ${elidedLines.toLocaleString("en-US")} middle line${elidedLines === 1 ? "" : "s"} (${formatBytes(elidedBytes)}) elided`;
		} else if (elidedBytes > 0) {
			s = `Showing head and tail bytes of ${total.toLocaleString("en-US")} line${total === 1 ? "" : "s"}; ${formatBytes(elidedBytes)} elided`;
		} else {
			s = `Showing ${Math.min(num(t.outputLines), total)} of ${total} lines; middle elided`;
		}
		if (t.nextOffset !== null && t.nextOffset !== undefined) s += `. Use :${String(t.nextOffset)} to continue`;
		if (artifact) s += `. ${artifact}`;
		return s;
	}
	if (t.partialLine) {
		const start = isRecord(t.shownRange) ? (t.shownRange.start ?? 1) : 1;
		s = `Showing line ${String(start)} (partial, ${formatBytes(num(t.outputBytes))} of ${formatBytes(num(t.totalBytes))}) of ${String(t.totalLines)}`;
		if (artifact) s += `. ${artifact}`;
		return s;
	}
	const shown = t.shownRange;
	if (isRecord(shown) && num(shown.end) >= num(shown.start)) {
		s = `Showing lines ${String(shown.start)}-${String(shown.end)} of ${String(t.totalLines)}`;
	} else {
		s = `Showing ${String(t.outputLines)} of ${String(t.totalLines)} lines`;
	}
	if (t.truncatedBy === "bytes") s += ` (${formatBytes(num(t.maxBytes ?? t.outputBytes))} limit)`;
	if (t.nextOffset !== null && t.nextOffset !== undefined) s += `. Use :${String(t.nextOffset)} to continue`;
	if (artifact) s += `. ${artifact}`;
	return s;
}

function formatBytes(n: number): string {
	if (n < 1024) return `${n}B`;
	if (n < 1048576) return `${(n / 1024).toFixed(1)}KB`;
	if (n < 1073741824) return `${(n / 1048576).toFixed(1)}MB`;
	return `${(n / 1073741824).toFixed(1)}GB`;
}
