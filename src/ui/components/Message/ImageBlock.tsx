import { safeImageSrc } from "../../../core";
import { base64Bytes, str } from "./fields";

/** An image block of the session, shown only from its own base64 data (never SVG, never a URL). */
export function ImageBlock({ block }: { block: Record<string, unknown> }) {
	const mimeType = str(block.mimeType, "(no type)");
	const data = str(block.data);
	const src = safeImageSrc(block.mimeType, block.data);
	if (!src) {
		return (
			<div className="msg-image msg-image--blocked" data-testid="image-blocked">
				Image not shown: {mimeType}, {base64Bytes(data)}. Only PNG, JPEG, GIF and WebP data stored in the session are
				displayed.
			</div>
		);
	}
	return (
		<figure className="msg-image" data-testid="message-image">
			<img src={src} alt={`Attachment from the session (${mimeType})`} loading="lazy" decoding="async" />
			<figcaption>
				{mimeType} · {base64Bytes(data)}
			</figcaption>
		</figure>
	);
}
